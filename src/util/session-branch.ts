// The active branch of a Pi session file (format v3), read the way Pi's SessionManager reads it:
// JSON lines, blank and malformed lines skipped (a write cut short), the header first, every other
// entry indexed by id, the leaf the last entry, the branch its parentId chain from the root. A
// window uses it to draw a session's history while the session's host is still starting; the host's
// snapshot then replaces it (the same projection gives the same item ids).
import { isObject, parseJson } from "./session-file-check"

/** An entry as the tree sees it; the rest of it is the reader's to interpret. */
export interface BranchLink {
  id: string
  parentId: string | null
  type: string
}

export interface SessionBranch {
  /** The header's session id (Pi's session id). */
  id: string
  cwd?: string
  /** Root → leaf. */
  entries: BranchLink[]
}

/** The file format this reader follows; other versions are left to Pi (it migrates them). */
const VERSION = 3

/** The branch Pi would open, or undefined for anything Pi would read differently or refuse. */
export function readBranch(text: string): SessionBranch | undefined {
  let header: Record<string, unknown> | undefined
  const byId = new Map<unknown, BranchLink>()
  let leaf: unknown
  let start = 0
  while (start < text.length) {
    let end = text.indexOf("\n", start)
    if (end < 0) end = text.length
    const line = text.slice(start, end)
    start = end + 1
    const entry = line.trim() ? parseJson(line) : undefined
    if (entry === undefined) continue
    if (!isObject(entry)) return undefined
    if (!header) {
      if (entry.type !== "session" || typeof entry.id !== "string") return undefined
      header = entry
      continue
    }
    if (entry.type === "session") continue
    byId.set(entry.id, entry as unknown as BranchLink)
    leaf = entry.id
  }
  if (!header || (header.version ?? 1) !== VERSION) return undefined
  const entries: BranchLink[] = []
  const seen = new Set<BranchLink>()
  for (let e = leaf ? byId.get(leaf) : undefined; e; e = e.parentId ? byId.get(e.parentId) : undefined) {
    // A parentId loop has no root (Pi would walk it for ever): not a branch to show.
    if (seen.has(e)) return undefined
    seen.add(e)
    entries.push(e)
  }
  entries.reverse()
  return { id: header.id as string, cwd: typeof header.cwd === "string" ? header.cwd : undefined, entries }
}
