// The folders a session may write: its git work tree (the whole repository, not only the
// subfolder it was started in) and, for a linked worktree, the repository's shared git dir
// (commits write objects and refs there). Outside git, the session's folder itself.
import { spawnSync } from "node:child_process"
import { realpathSync } from "node:fs"
import { resolve } from "node:path"
import { safeGitFlags, SAFE_GIT_ENV } from "../../util/safe-git"

export function workspaceRoots(cwd: string): string[] {
  const here = real(cwd)
  const r = spawnSync("git", [...safeGitFlags(), "rev-parse", "--show-toplevel", "--git-common-dir"], {
    cwd: here,
    env: { ...process.env, ...SAFE_GIT_ENV },
    encoding: "utf8",
    timeout: 5_000,
  })
  if (r.status !== 0) return [here]
  const [top, common] = r.stdout.trim().split("\n")
  if (!top) return [here]
  const roots = [real(top)]
  const shared = common ? real(resolve(here, common)) : undefined
  // Inside the work tree already for an ordinary checkout; a linked worktree's lives elsewhere.
  if (shared && !shared.startsWith(roots[0] + "/")) roots.push(shared)
  return roots
}

function real(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}
