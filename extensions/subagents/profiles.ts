// The profiles a child can run on: three built-ins (general, explore, plan), Claude Code's
// `.claude/agents/*.md` read as Claude Code writes them, and xagent's own profile files
// ($XAGENT_HOME/agents, .xagent/agents: src/agents). A stronger source wins a name: xagent's files
// over Claude Code's, Claude Code's over the built-ins. A profile with `acp:` runs the child on that
// external agent (the known ones by name: claude, codex, gemini, opencode, pi, xagent; the person's
// own files); a repository's `acp:` file and a file with mistakes are refused with the reason,
// never replaced by a weaker one.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { parseFrontmatter } from "../../src/agents/frontmatter"
import type { AcpProfile } from "../../src/agents/profile"
import { listProfiles, profileNamed } from "../../src/agents/listing"
import { GENERAL_TOOLS, SUBAGENT_BUILTINS } from "../../src/agents/subagent-builtins"
import { xagentHome } from "../../src/util/daemon-paths"
import { homeDir } from "../../src/util/paths"
import { AGENT_TOOL } from "./rules"

export interface ChildProfile {
  name: string
  source: "built-in" | "claude" | "user" | "project"
  /** `provider/id`, or undefined for the parent's model. */
  model?: string
  thinking?: string
  /** Tool names the child gets (of those its parent can give). */
  tools: string[]
  /** Added to the child's system prompt. */
  instructions: string
  /** What was read but is not used (a Claude Code tool with no counterpart), said in the result. */
  notes: string[]
  /** The external ACP agent the child runs on instead of Pi (model, thinking and tools are its own). */
  acp?: { command: string; args: string[]; env: Record<string, string> }
}

const GENERAL = GENERAL_TOOLS

const BUILT_IN: ChildProfile[] = SUBAGENT_BUILTINS.map((b) => ({
  name: b.name,
  source: "built-in",
  tools: [...b.tools],
  instructions: b.instructions,
  notes: [],
}))

export function builtinNames(): string[] {
  return BUILT_IN.map((p) => p.name)
}

/** Claude Code's tool names and xagent's (Pi's) counterparts. */
const CLAUDE_TOOLS: Record<string, string> = {
  Read: "read",
  Write: "write",
  Edit: "edit",
  MultiEdit: "edit",
  Bash: "bash",
  Grep: "grep",
  Glob: "find",
  LS: "ls",
  Task: AGENT_TOOL,
  TodoWrite: "todo_write",
  AskUserQuestion: "ask_user",
}

export type Resolved = { ok: true; profile: ChildProfile } | { ok: false; reason: string }

/** The profile `name` runs, looked up in `cwd`'s project and the person's folders. */
export function resolveProfile(name: string, cwd: string): Resolved {
  const listed = profileNamed(listProfiles({ home: xagentHome(), cwd }), name)
  if (listed && "problem" in listed) {
    const p = listed.problem
    const why = p.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)).join("; ")
    return { ok: false, reason: `the profile '${name}' (${p.file}) cannot be read: ${why}` }
  }
  const own = listed?.profile
  if (own && own.source !== "built-in") {
    if (own.kind === "acp") return acpProfile(own)
    return {
      ok: true,
      profile: {
        name,
        source: own.source,
        ...(own.model ? { model: own.model } : {}),
        ...(own.thinking ? { thinking: own.thinking } : {}),
        // Claude Code's tool names, as a file copied from there writes them, mean theirs here too.
        tools: own.tools ? [...new Set(own.tools.map((t) => CLAUDE_TOOLS[t] ?? t))] : GENERAL,
        instructions: own.prompt,
        notes: [],
      },
    }
  }
  for (const dir of [join(cwd, ".claude", "agents"), join(homeDir(), ".claude", "agents")]) {
    const found = claudeProfile(dir, name)
    if (found) return found
  }
  const builtin = BUILT_IN.find((p) => p.name === name)
  if (builtin) return { ok: true, profile: builtin }
  if (own?.kind === "acp") return acpProfile(own)
  return { ok: false, reason: `no profile is named '${name}' (built-in: ${builtinNames().join(", ")})` }
}

/**
 * A child on an external ACP agent. A repository's profile names a program for xagent to run, and
 * the model picks profiles (a prompt injection could pick one): it is refused, as `--agent` refuses
 * it, until the person copies it to their own folder.
 */
function acpProfile(own: AcpProfile & { source: string; file?: string }): Resolved {
  const line = [own.command, ...own.args].join(" ")
  if (own.source === "project")
    return {
      ok: false,
      reason: `the profile '${own.name}' (${own.file ?? ".xagent/agents"}) is this repository's and would run a program it names (${line}); xagent runs no such program for a subagent. If the person trusts it, they can copy it to ${join(xagentHome(), "agents")}`,
    }
  return {
    ok: true,
    profile: {
      name: own.name,
      source: own.source === "built-in" ? "built-in" : "user",
      tools: [],
      instructions: "",
      notes: [],
      acp: { command: own.command, args: [...own.args], env: { ...own.env } },
    },
  }
}

/** A Claude Code subagent file of that name in `dir`, if there is one. */
function claudeProfile(dir: string, name: string): Resolved | undefined {
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".md"))
  } catch {
    return undefined
  }
  for (const f of files.sort()) {
    const file = join(dir, f)
    let text: string
    try {
      const st = statSync(file)
      if (!st.isFile() || st.size > 256 * 1024) continue
      text = readFileSync(file, "utf8")
    } catch {
      continue
    }
    let front
    try {
      front = parseFrontmatter(text)
    } catch (e) {
      if (f.replace(/\.md$/, "") === name)
        return { ok: false, reason: `the profile '${name}' (${file}) cannot be read: ${(e as Error).message}` }
      continue
    }
    const get = (key: string) => front.entries.find((e) => e.key === key)?.value
    const own = get("name")
    if ((typeof own === "string" && own ? own : f.replace(/\.md$/, "")) !== name) continue
    const notes: string[] = []
    const rawTools = get("tools")
    const listed =
      rawTools === undefined
        ? undefined
        : (Array.isArray(rawTools) ? rawTools : typeof rawTools === "string" ? rawTools.split(",") : [])
            .map((t) => t.trim())
            .filter(Boolean)
    const tools = listed
      ? listed.flatMap((t) => {
          const mapped = CLAUDE_TOOLS[t] ?? (Object.values(CLAUDE_TOOLS).includes(t) ? t : undefined)
          if (!mapped) notes.push(`tool '${t}' has no counterpart here`)
          return mapped ? [mapped] : []
        })
      : GENERAL
    // Claude Code's aliases (sonnet, opus, haiku, inherit) name its own models: the parent's runs instead.
    const model = get("model")
    const modelRef = typeof model === "string" && model.includes("/") ? model : undefined
    if (typeof model === "string" && model && !modelRef && model !== "inherit")
      notes.push(`model '${model}' is Claude Code's name; the parent's model runs`)
    return {
      ok: true,
      profile: {
        name,
        source: "claude",
        ...(modelRef ? { model: modelRef } : {}),
        tools: [...new Set(tools)],
        instructions: front.body.trim(),
        notes,
      },
    }
  }
  return undefined
}
