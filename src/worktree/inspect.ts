// What one worktree holds now: its HEAD and branch, files changed, commits ahead of and behind
// the branch it came from, and commits that exist nowhere else (not on a remote, not on that branch).
import { existsSync } from "node:fs"
import { gitRun } from "./git"

export interface WorktreeState {
  /** The folder is there and git still knows it as a worktree. */
  present: boolean
  head?: string
  /** Its checked-out branch; undefined when detached. */
  branch?: string
  changedFiles: number
  ahead: number
  behind: number
  /** Commits only this worktree has: losing the worktree and its branch would lose them. */
  unpushed: number
}

export async function inspectWorktree(
  path: string,
  against: { base: string; baseRef?: string },
): Promise<WorktreeState> {
  const none: WorktreeState = { present: false, changedFiles: 0, ahead: 0, behind: 0, unpushed: 0 }
  if (!existsSync(path)) return none
  const head = await gitRun(path, ["rev-parse", "--verify", "-q", "HEAD"])
  if (head.code !== 0) return none
  const sym = await gitRun(path, ["symbolic-ref", "-q", "--short", "HEAD"])
  const status = await gitRun(path, ["status", "--porcelain=v1", "-z", "--untracked-files=all"])
  const changedFiles = countStatus(status.stdout)
  const ref =
    against.baseRef && (await refExists(path, `refs/heads/${against.baseRef}`)) ? against.baseRef : against.base
  const lr = await gitRun(path, ["rev-list", "--left-right", "--count", `${ref}...HEAD`])
  const [behind = 0, ahead = 0] = lr.code === 0 ? lr.stdout.trim().split(/\s+/).map(Number) : []
  const only = await gitRun(path, ["rev-list", "--count", "HEAD", "--not", "--remotes", ref])
  return {
    present: true,
    head: head.stdout.trim(),
    branch: sym.code === 0 ? sym.stdout.trim() : undefined,
    changedFiles,
    ahead,
    behind,
    unpushed: only.code === 0 ? Number(only.stdout.trim()) : ahead,
  }
}

/** Entries of `git status --porcelain -z`; a rename carries its old name as one more field. */
function countStatus(out: string): number {
  const fields = out.split("\0").filter(Boolean)
  let n = 0
  for (let i = 0; i < fields.length; i++) {
    n++
    if (/^[RC]/.test(fields[i]!)) i++
  }
  return n
}

export async function refExists(cwd: string, ref: string): Promise<boolean> {
  return (await gitRun(cwd, ["rev-parse", "--verify", "-q", ref])).code === 0
}
