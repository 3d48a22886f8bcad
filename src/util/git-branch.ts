// The status bar's branch, read straight from .git (HEAD, or the gitdir a worktree's .git file
// points at) so the window never spawns git on its startup path.
import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

export function gitBranch(cwd: string): string | undefined {
  let dir = resolve(cwd)
  for (;;) {
    const dotGit = join(dir, ".git")
    if (existsSync(dotGit)) return headOf(dotGit, dir)
    const up = dirname(dir)
    if (up === dir) return undefined
    dir = up
  }
}

function headOf(dotGit: string, dir: string): string | undefined {
  try {
    let gitDir = dotGit
    if (statSync(dotGit).isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"))
      if (!m) return undefined
      gitDir = resolve(dir, m[1]!.trim())
    }
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim()
    const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head)
    if (ref) return ref[1]
    return head.slice(0, 7)
  } catch {
    return undefined
  }
}
