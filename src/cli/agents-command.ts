// `xagent agents [--json]`: every agent profile a person can name (built-in, the user's, the
// project's), and the files that could not be read, each with its reason. Nothing in a profile is
// run to list it; every byte a file gave is made safe for the terminal.
import { relative } from "node:path"
import type { Command } from "commander"
import type { ListedProfile, ProfileProblem } from "../agents/listing"
import { terminalJson, terminalLine } from "../common/terminal-text"
import { xagentHome } from "../util/daemon-paths"
import { err, out } from "./io"

export function registerAgentsCommand(program: Command): void {
  program
    .command("agents")
    .description("agent profiles: built-in, $XAGENT_HOME/agents/*.md and this project's .xagent/agents/*.md")
    .option("--json", "print them as JSON")
    .action(async (flags: { json?: boolean }) => {
      const { listProfiles } = await import("../agents/listing")
      const cwd = process.cwd()
      const listing = listProfiles({ home: xagentHome(), cwd })
      if (flags.json) await out(terminalJson({ ...listing, profiles: listing.profiles.map(withoutEnvValues) }) + "\n")
      else {
        await out(formatProfiles(listing.profiles, cwd))
        if (listing.problems.length) await err(formatProblems(listing.problems, cwd))
      }
      process.exitCode = listing.profiles.length ? 0 : 1
    })
}

/** An ACP profile's env as its names only: its values may be keys, and a listing is often pasted. */
function withoutEnvValues(p: ListedProfile) {
  return p.kind === "acp" ? { ...p, env: Object.keys(p.env) } : p
}

/** A file as the listing names it: the project's from the folder it runs in, the others whole. */
function where(file: string, cwd: string): string {
  const rel = relative(cwd, file)
  return terminalLine(rel && !rel.startsWith("..") ? rel : file)
}

export function formatProfiles(profiles: ListedProfile[], cwd: string): string {
  const rows = profiles.map((p) => [terminalLine(p.name), p.kind, p.source, terminalLine(p.description)])
  const width = (k: number) => Math.max(...rows.map((r) => [...r[k]!].length), ["name", "kind", "source"][k]!.length)
  const pad = (s: string, k: number) => s + " ".repeat(width(k) - [...s].length)
  const line = (r: string[]) => `${pad(r[0]!, 0)}  ${pad(r[1]!, 1)}  ${pad(r[2]!, 2)}  ${r[3]}`.trimEnd() + "\n"
  let text = line(["NAME", "KIND", "SOURCE", "DESCRIPTION"])
  profiles.forEach((p, i) => {
    text += line(rows[i]!)
    const notes = [
      ...(p.file ? [where(p.file, cwd)] : []),
      // What a file would start is said before anyone starts it (a built-in's description says it).
      ...(p.file && p.kind === "acp" ? [`runs ${terminalLine([p.command, ...p.args].join(" "))}`] : []),
      ...(p.overrides.length ? [`replaces the ${p.overrides.map((o) => o.source).join(" and the ")} one`] : []),
    ]
    if (notes.length) text += `${" ".repeat(width(0) + 2)}${notes.join("; ")}\n`
  })
  return text
}

export function formatProblems(problems: ProfileProblem[], cwd: string): string {
  const files = problems.length === 1 ? "1 profile file" : `${problems.length} profile files`
  let text = `xagent: ${files} could not be read:\n`
  for (const p of problems)
    for (const e of p.errors)
      text += `  ${where(p.file, cwd)}${e.line ? `:${e.line}` : ""}: ${terminalLine(e.message)}\n`
  return text
}
