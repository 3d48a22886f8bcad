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
  const lines = entriesOf(text)
  const header = lines.shift()
  if (!lines.every(isObject) || !isHeader(header)) return undefined
  const branch = walkBranch(lines as Record<string, unknown>[])
  // A chain cut at a missing parent is what Pi opens too (its walk stops there).
  return branch && { ...headerFields(header), entries: branch.entries }
}

/**
 * The newest part of the branch from a file's first line and its last bytes (`tail`, whose first
 * line may be cut), for a file too big to read whole in a window: the leaf's parent chain as far
 * as the tail holds it. `complete`: the chain reached the root, so nothing is left out.
 */
export function readBranchTail(firstLine: string, tail: string): (SessionBranch & { complete: boolean }) | undefined {
  const [header] = entriesOf(firstLine)
  if (!isHeader(header)) return undefined
  // The tail starts anywhere in a line: that first piece is no entry.
  const lines = entriesOf(tail.slice(tail.indexOf("\n") + 1))
  if (!lines.every(isObject)) return undefined
  const branch = walkBranch(lines as Record<string, unknown>[])
  return branch && { ...headerFields(header), entries: branch.entries, complete: !branch.cut }
}

/** Each line's JSON, blank and malformed lines skipped (Pi skips them too). */
function entriesOf(text: string): unknown[] {
  const out: unknown[] = []
  let start = 0
  while (start < text.length) {
    let end = text.indexOf("\n", start)
    if (end < 0) end = text.length
    const line = text.slice(start, end)
    start = end + 1
    const entry = line.trim() ? parseJson(line) : undefined
    if (entry !== undefined) out.push(entry)
  }
  return out
}

function isHeader(entry: unknown): entry is Record<string, unknown> {
  return isObject(entry) && entry.type === "session" && typeof entry.id === "string" && (entry.version ?? 1) === VERSION
}

function headerFields(header: Record<string, unknown>): SessionBranch {
  return { id: header.id as string, cwd: typeof header.cwd === "string" ? header.cwd : undefined, entries: [] }
}

/**
 * The leaf's chain, root → leaf. `cut`: it ends at a parent the entries do not hold (a file's tail,
 * or a file Pi would not open either). A parentId loop has no root: no branch.
 */
function walkBranch(entries: Record<string, unknown>[]): { entries: BranchLink[]; cut: boolean } | undefined {
  const byId = new Map<unknown, BranchLink>()
  let leaf: unknown
  for (const entry of entries) {
    // A second header (a file appended to) is skipped, as Pi skips it.
    if (entry.type === "session") continue
    byId.set(entry.id, entry as unknown as BranchLink)
    leaf = entry.id
  }
  const chain: BranchLink[] = []
  const seen = new Set<BranchLink>()
  let e = leaf ? byId.get(leaf) : undefined
  for (; e; e = e.parentId ? byId.get(e.parentId) : undefined) {
    // Pi would walk a loop for ever: not a branch to show.
    if (seen.has(e)) return undefined
    seen.add(e)
    chain.push(e)
  }
  chain.reverse()
  return { entries: chain, cut: chain.length > 0 && chain[0]!.parentId !== null && chain[0]!.parentId !== undefined }
}
