// `--agent <name|command>`: which external ACP agent runs the session. A name is a profile's (the
// built-in agents, $XAGENT_HOME/agents/*.md, .xagent/agents/*.md); anything else is a command
// line, split as a shell would split words (quotes and backslashes, no expansion). Loaded only
// when the flag is given: profiles are checked with TypeBox, which a plain start need not load.
import type { Params } from "../protocol"
import { xagentHome } from "../util/daemon-paths"
import { UsageError } from "./usage-error"

export type AgentSpec = NonNullable<Params<"session.open">["agent"]>

export async function agentChoice(value: string, cwd: string, home = xagentHome()): Promise<AgentSpec> {
  const text = value.trim()
  if (!text) throw new UsageError("--agent needs an agent: a name from 'xagent agents', or a command line")
  const { listProfiles, profileNamed } = await import("../agents/listing")
  const found = /\s/.test(text) ? undefined : profileNamed(listProfiles({ home, cwd }), text)
  if (found && "problem" in found) {
    const first = found.problem.errors[0]
    throw new UsageError(
      `--agent ${text}: the profile ${found.problem.file} cannot be used${first ? ` (line ${first.line}: ${first.message})` : ""}`,
    )
  }
  if (found) {
    const p = found.profile
    if (p.kind !== "acp")
      throw new UsageError(
        `--agent ${text}: this profile runs Pi with its own settings, not an external agent; --agent takes a profile with 'acp:' or a command line`,
      )
    // A repository's profile names a program for xagent to run, and may take the name of a
    // built-in or the person's own agent: it runs only when the person types its command line.
    if (p.source === "project")
      throw new UsageError(
        `--agent ${text}: the profile ${p.file ?? ""} is this folder's (.xagent/agents/), and xagent does not run a program a repository names; if you trust it, give its command line: --agent '${[p.command, ...p.args].join(" ")}'`,
      )
    return { command: [p.command, ...p.args], ...(Object.keys(p.env).length ? { env: p.env } : {}) }
  }
  const command = splitWords(text)
  return { command }
}

/** Words of a command line: '…' keeps everything, "…" and a backslash keep the next character. */
export function splitWords(line: string): string[] {
  const words: string[] = []
  let word = ""
  let started = false
  let quote: "'" | '"' | undefined
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quote === "'") {
      if (ch === "'") quote = undefined
      else word += ch
    } else if (ch === "\\" && i + 1 < line.length && quote !== '"') {
      word += line[++i]
      started = true
    } else if (quote === '"') {
      if (ch === '"') quote = undefined
      else if (ch === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\")) word += line[++i]
      else word += ch
    } else if (ch === "'" || ch === '"') {
      quote = ch
      started = true
    } else if (/\s/.test(ch)) {
      if (started) words.push(word)
      word = ""
      started = false
    } else {
      word += ch
      started = true
    }
  }
  if (quote) throw new UsageError(`--agent: a quote (${quote}) is not closed in: ${line}`)
  if (started) words.push(word)
  return words
}
