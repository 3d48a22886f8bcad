// Who owns each extension command, so every one is also reachable as `/<owner>:<command>`.
// Pi itself tells two commands of one name apart only by the order it loaded them (`hello:1`,
// `hello:2`), which says nothing about whose each is; the owner is the package's name, or the
// extension's own name for a loose extension file. xagent's bundled extensions and Pi's built-in
// ones are loaded from no file of their own (a synthetic path): their commands have no owner.
import { readFileSync } from "node:fs"
import { basename, dirname, extname, join } from "node:path"

/** What Pi records of where a command came from (its `sourceInfo`). */
export interface CommandSource {
  path: string
  source: string
  origin: "package" | "top-level"
  baseDir?: string
}

/** One extension command as the session offers it. */
export interface OwnedCommand {
  /** The name it was registered under. */
  name: string
  /** Pi's name for it (`name`, or `name:N` when two extensions registered that name). */
  invocationName: string
  owner?: string
  description?: string
}

/** What a typed `/word` names among the extension commands. */
export type CommandMatch = { run: string } | { choose: OwnedCommand[] }

/** `builtin:mcp`, `<inline:3>`: Pi's own and factory-made extensions, which no package or file owns. */
const isSynthetic = (path: string) => path.startsWith("builtin:") || path.startsWith("<")

// A file or package name goes into a command name: only what reads plainly after a slash.
const ownerWord = (name: string) =>
  name
    .replace(/^@[^/]+\//, "")
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "")

function packageName(baseDir: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(join(baseDir, "package.json"), "utf8")) as { name?: unknown }).name
    return typeof name === "string" && name ? name : undefined
  } catch {
    return undefined
  }
}

/** `~/.pi/agent/extensions/hello.ts` → `hello`; `…/extensions/hello/index.ts` → `hello`. */
function extensionName(path: string): string {
  const file = basename(path, extname(path))
  return file === "index" ? basename(dirname(path)) : file
}

/** The command's owner, or undefined for one of xagent's or Pi's own. */
export function commandOwner(src: CommandSource): string | undefined {
  if (isSynthetic(src.path) || src.source === "builtin" || src.source === "sdk") return undefined
  const raw =
    src.origin === "package" && src.baseDir
      ? (packageName(src.baseDir) ?? basename(src.baseDir))
      : extensionName(src.path)
  return ownerWord(raw) || undefined
}

/** The owned form, `/<owner>:<name>`, without its slash. */
export const ownedName = (c: OwnedCommand) => (c.owner ? `${c.owner}:${c.name}` : c.name)

/** How many commands were registered under each name. */
function nameCounts(commands: readonly OwnedCommand[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const c of commands) counts.set(c.name, (counts.get(c.name) ?? 0) + 1)
  return counts
}

/** A name two or more commands were registered under: only their owned forms tell them apart. */
export function sharedNames(commands: readonly OwnedCommand[]): Set<string> {
  return new Set([...nameCounts(commands)].filter(([, n]) => n > 1).map(([name]) => name))
}

/**
 * The command `word` names: its bare name when only one command has it (as in Pi), its owned form,
 * or Pi's own numbered name; a bare name two owners share asks which. Undefined: no extension
 * command (a prompt template, a skill, or text).
 */
export function matchCommand(commands: readonly OwnedCommand[], word: string): CommandMatch | undefined {
  const bare = commands.filter((c) => c.name === word)
  if (bare.length === 1) return { run: bare[0]!.invocationName }
  if (bare.length > 1) return { choose: bare }
  const owned = commands.filter((c) => c.owner && ownedName(c) === word)
  // One file name in two places (a user's and a project's `hello.ts`): the owned form is shared too.
  if (owned.length === 1) return { run: owned[0]!.invocationName }
  if (owned.length > 1) return { choose: owned }
  const pi = commands.find((c) => c.invocationName === word)
  return pi ? { run: pi.invocationName } : undefined
}

/** What the person picks from when a name is shared: owned forms, Pi's numbered ones where those collide too. */
export function choiceLabels(choices: readonly OwnedCommand[]): string[] {
  const counts = new Map<string, number>()
  for (const c of choices) counts.set(ownedName(c), (counts.get(ownedName(c)) ?? 0) + 1)
  return choices.map((c) => `/${counts.get(ownedName(c))! > 1 || !c.owner ? c.invocationName : ownedName(c)}`)
}
