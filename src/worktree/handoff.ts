// Moving changes between a worktree and the main checkout. `to-main` applies what the worktree
// changed since it branched (its commits and its uncommitted files) to the main checkout's working
// tree; `from-main` carries the main checkout's uncommitted changes into the worktree and leaves
// the main checkout clean (what it had stays in `git stash` too). Either stops, changing nothing,
// when the changes do not apply cleanly.
import type { HandoffDirection } from "../common/worktree"
import { git, WorktreeError } from "./git"
import { find, inspect, read, type Ctx } from "./manage"
import { applyOrExplain, changedPaths, diffBetween, stateCommit } from "./snapshot"

export async function handoff(ctx: Ctx, name: string, direction: HandoffDirection): Promise<{ files: string[] }> {
  const w = find(read(ctx), name)
  const s = await inspect(w)
  if (!s.present) throw new WorktreeError(`the folder of '${name}' is gone: prune forgets it`)
  const main = ctx.repo.main
  if (direction === "to-main") {
    const { commit } = await stateCommit(w.path, `xagent hand-off from ${name}`)
    const mainHead = (await git(main, ["rev-parse", "HEAD"])).trim()
    const from = (await git(main, ["merge-base", mainHead, commit])).trim()
    const files = await changedPaths(main, from, commit)
    if (!files.length) throw new WorktreeError(`'${name}' has no changes to hand to the main checkout`)
    await applyOrExplain(main, await diffBetween(main, from, commit), `Hand-off of '${name}' to the main checkout`)
    return { files }
  }
  const { commit, head } = await stateCommit(main, `xagent hand-off to ${name}`)
  const files = await changedPaths(main, head, commit)
  if (!files.length) throw new WorktreeError("the main checkout has no uncommitted changes to hand off")
  await applyOrExplain(w.path, await diffBetween(main, head, commit), `Hand-off to '${name}'`)
  await git(main, ["stash", "push", "--include-untracked", "--quiet", "-m", `xagent: handed off to worktree ${name}`])
  return { files }
}
