// The parts of a writable repository that name programs git runs later, outside the sandbox:
// `.git/config` (core.fsmonitor, core.hooksPath, filter drivers, aliases…), `.git/hooks`, a
// worktree's own config, and a linked worktree's `.git` file (which git dir, so which config).
// The jail binds them read-only unless the person's settings allow writing them.
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"

export interface GitGuard {
  /** Git dirs bound onto themselves: a mount point cannot be renamed away and replaced. */
  pinned: string[]
  /** Files and folders inside the writable binds, bound read-only over themselves. */
  readOnly: string[]
}

/** What to protect in the writable folders `roots` (real paths). */
export function gitGuard(roots: string[]): GitGuard {
  const pinned: string[] = []
  const readOnly: string[] = []
  const addGitDir = (dir: string) => {
    if (pinned.includes(dir)) return
    pinned.push(dir)
    const hooks = join(dir, "hooks")
    // git init makes it; without it the agent could make one that nothing protects.
    if (!existsSync(hooks)) {
      try {
        mkdirSync(hooks)
      } catch {}
    }
    for (const p of [join(dir, "config"), hooks, join(dir, "config.worktree")]) if (existsSync(p)) readOnly.push(p)
    for (const wt of entries(join(dir, "worktrees"))) {
      const own = join(dir, "worktrees", wt)
      for (const f of ["config.worktree", "commondir", "gitdir"])
        if (existsSync(join(own, f))) readOnly.push(join(own, f))
    }
  }
  for (const root of roots) {
    const dotGit = join(root, ".git")
    const kind = kindOf(dotGit)
    if (kind === "dir") addGitDir(dotGit)
    else if (kind === "file") readOnly.push(dotGit)
    // A linked worktree's shared git dir is a root of its own.
    else if (isGitDir(root)) addGitDir(root)
  }
  return { pinned, readOnly }
}

export function isGitDir(dir: string): boolean {
  return ["HEAD", "config", "objects", "refs"].every((n) => existsSync(join(dir, n)))
}

function kindOf(p: string): "dir" | "file" | undefined {
  try {
    const s = statSync(p)
    return s.isDirectory() ? "dir" : s.isFile() ? "file" : undefined
  } catch {
    return undefined
  }
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
