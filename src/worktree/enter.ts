// `xagent --worktree [name]`: the folder a session starts in. Older managed worktrees nobody needs
// are pruned first; then the named one is taken, or a new one made (a generated name when none is
// given), and this process holds it for its life.
import { existsSync } from "node:fs"
import { join } from "node:path"
import type { PruneResult, SetupOutcome } from "../common/worktree"
import { WorktreeError } from "./git"
import { create, holdPath, read, type Ctx } from "./manage"
import { AUTO_PRUNE_IDLE_MS, prune } from "./prune"
import { subfolder } from "./repo"

export interface Entered {
  name: string
  /** Where the session starts: the worktree, at the subfolder the person was in. */
  cwd: string
  path: string
  branch?: string
  created: boolean
  setup: SetupOutcome
  pruned: PruneResult["pruned"]
}

export async function enterWorktree(ctx: Ctx, cwd: string, name: string | undefined, pid: number): Promise<Entered> {
  const { pruned } = await prune(ctx, { idleMs: AUTO_PRUNE_IDLE_MS })
  const existing = name === undefined ? undefined : read(ctx).worktrees.find((w) => w.name === name)
  let setup: SetupOutcome = { kind: "none" }
  let created = false
  if (existing) {
    if (!existsSync(existing.path))
      throw new WorktreeError(
        `the folder of worktree '${name}' is gone (${existing.path}): run 'xagent worktree prune', then try again`,
      )
  } else {
    const made = await create(ctx, { name })
    setup = made.setup
    created = true
    name = made.row.name
  }
  const w = read(ctx).worktrees.find((x) => x.name === name)!
  await holdPath(ctx, w.path, pid)
  const sub = subfolder(ctx.repo.top, cwd)
  const start = sub && existsSync(join(w.path, sub)) ? join(w.path, sub) : w.path
  return { name: w.name, cwd: start, path: w.path, branch: w.branch, created, setup, pruned }
}
