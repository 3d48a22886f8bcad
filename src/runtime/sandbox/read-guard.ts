// The read boundary of the host-side read tools (read, grep, find, ls): they run in the host,
// not in the jail, so they check the real path against the jail's deny list themselves.
import { realpath } from "node:fs/promises"
import { homedir } from "node:os"
import { basename, dirname, isAbsolute, join, resolve } from "node:path"
import { inside } from "./policy"

/**
 * Why reading `path` is refused, or undefined when it may be read. `tree`: the tool walks the
 * folder (grep, find), so a denied folder below it is refused too (it would search inside).
 */
export async function readRefusal(denied: readonly string[], path: string, tree = false): Promise<string | undefined> {
  const real = await realOf(path)
  const within = denied.find((d) => inside(real, d))
  if (within)
    return `Refused: ${path} is in ${within}, which xagent's sandbox keeps from the agent (xagent's state, credentials, keys and local services).`
  const below = tree ? denied.find((d) => inside(d, real)) : undefined
  if (below)
    return `Refused: searching ${path} would read ${below}, which xagent's sandbox keeps from the agent; search a folder that does not hold it.`
  return undefined
}

/** A tool's path as Pi resolves it (`@` prefix, `~` as os.homedir(), relative to cwd). */
export function toolPath(path: string | undefined, cwd: string): string {
  const p = (path || ".").replace(/^@/, "")
  const expanded = p === "~" ? homedir() : p.startsWith("~/") ? join(homedir(), p.slice(2)) : p
  return isAbsolute(expanded) ? expanded : resolve(cwd, expanded)
}

/** The real path as far as it exists, with the rest appended (links followed, as a read would). */
async function realOf(p: string): Promise<string> {
  const rest: string[] = []
  let at = resolve(p)
  for (;;) {
    const real = await realpath(at).catch(() => undefined)
    if (real) return join(real, ...rest)
    if (dirname(at) === at) return resolve(p)
    rest.unshift(basename(at))
    at = dirname(at)
  }
}
