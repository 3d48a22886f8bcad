// Files in the workspace with another name outside it. A hard link is the same file under two
// names: the jail lets bash write the workspace's name, and that changes the outside one too
// (pnpm's node_modules are hard links into a store every project on the machine loads). The
// agent cannot make such a link from inside (it cannot see the outside file), but it finds the
// ones already there. Before each sandboxed command the workspace is scanned for regular files
// with more than one link whose names were not all found inside it; those are bound read-only.
//
// The scan is bounded: `.git` is skipped (git never hard-links into it from elsewhere but its
// own clones' objects, which are read-only files), each folder is read again only when its mtime
// changed, and one scan stops after a number of entries or a time budget, continuing at the next
// command where it stopped (the folders it read are kept).
import { lstatSync, readdirSync, statSync } from "node:fs"
import { dirname, join } from "node:path"

export interface LinkScanLimits {
  /** Entries looked at in one scan. */
  maxEntries: number
  /** Milliseconds one scan may take. */
  maxMs: number
  /** Read-only binds at most; past it, their folders are bound instead (see protectedPaths). */
  maxBinds: number
}

export const LINK_SCAN_LIMITS: LinkScanLimits = { maxEntries: 100_000, maxMs: 1_500, maxBinds: 256 }

interface Linked {
  path: string
  /** `dev:ino`: the file, whatever its name. */
  id: string
  nlink: number
}

interface FolderScan {
  mtimeMs: number
  linked: Linked[]
  folders: string[]
}

export interface LinkScan {
  /** Paths to bind read-only: files, or the folders holding many of them. */
  readOnly: string[]
  /** The scan stopped at its limits: what it did not reach is not protected yet. */
  partial: boolean
}

/** One cache per session: folder → what it held when its mtime was this. */
export class HardLinkScanner {
  private readonly folders = new Map<string, FolderScan>()

  constructor(private readonly limits: LinkScanLimits = LINK_SCAN_LIMITS) {}

  scan(roots: string[]): LinkScan {
    const started = Date.now()
    let entries = 0
    let partial = false
    const linked: Linked[] = []
    const stack = [...roots]
    while (stack.length) {
      if (entries >= this.limits.maxEntries || Date.now() - started > this.limits.maxMs) {
        partial = true
        break
      }
      const dir = stack.pop()!
      const got = this.folder(dir)
      if (!got) continue
      entries += got.folders.length + got.linked.length + 1
      linked.push(...got.linked)
      stack.push(...got.folders)
    }
    // Every name of the file found inside: its outside names are none, so nothing to protect.
    const seen = new Map<string, number>()
    for (const l of linked) seen.set(l.id, (seen.get(l.id) ?? 0) + 1)
    const outside = linked.filter((l) => (seen.get(l.id) ?? 0) < l.nlink).map((l) => l.path)
    return { readOnly: collapse(outside, roots, this.limits.maxBinds), partial }
  }

  /** A folder's linked files and subfolders, from the cache while its mtime holds. */
  private folder(dir: string): FolderScan | undefined {
    let mtimeMs: number
    try {
      mtimeMs = lstatSync(dir).mtimeMs
    } catch {
      this.folders.delete(dir)
      return undefined
    }
    const known = this.folders.get(dir)
    if (known && known.mtimeMs === mtimeMs) return known
    const scan: FolderScan = { mtimeMs, linked: [], folders: [] }
    let names: import("node:fs").Dirent[]
    try {
      names = readdirSync(dir, { withFileTypes: true })
    } catch {
      return undefined
    }
    for (const e of names) {
      const p = join(dir, e.name)
      if (e.isDirectory()) {
        if (e.name !== ".git") scan.folders.push(p)
      } else if (e.isFile()) {
        try {
          const st = statSync(p)
          if (st.nlink > 1) scan.linked.push({ path: p, id: `${st.dev}:${st.ino}`, nlink: st.nlink })
        } catch {}
      }
    }
    this.folders.set(dir, scan)
    return scan
  }
}

/**
 * The files themselves while they are few; past `max`, the folders holding them (a package
 * manager's store links come by the thousand, and every bind is a mount), taken up a level at a
 * time until few enough, never a root itself: those folders become read-only as a whole.
 */
export function collapse(files: string[], roots: string[], max: number): string[] {
  const isRoot = new Set(roots)
  let paths = [...new Set(files)]
  while (paths.length > max) {
    const up = new Set(paths.map((p) => (isRoot.has(dirname(p)) || dirname(p) === p ? p : dirname(p))))
    // Drop those inside another one already in the list.
    const next = [...up].filter((p) => !ancestors(p).some((a) => up.has(a)))
    const before = new Set(paths)
    const same = next.length === before.size && next.every((p) => before.has(p))
    paths = next
    if (same) break
  }
  return paths.sort()
}

function ancestors(p: string): string[] {
  const out: string[] = []
  for (let d = dirname(p); d !== p && d !== dirname(d); p = d, d = dirname(d)) out.push(d)
  return out
}
