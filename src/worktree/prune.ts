// Pruning: managed worktrees nobody needs go away. Never one that is permanent, in use by a
// window or a live session, or that holds uncommitted work or commits found nowhere else.
import type { PruneResult } from "../common/worktree"
import { gitRun } from "./git"
import { usedBy } from "./live"
import { drop, inspect, update, type Ctx } from "./manage"

/** `xagent -w` prunes only worktrees left unused this long; `xagent worktree prune` every idle one. */
export const AUTO_PRUNE_IDLE_MS = 24 * 60 * 60 * 1000

export async function prune(ctx: Ctx, opts: { idleMs?: number } = {}): Promise<PruneResult> {
  const idleMs = opts.idleMs ?? 0
  return update(ctx, async (r) => {
    const out: PruneResult = { pruned: [], kept: [] }
    for (const w of [...r.worktrees]) {
      const keep = (why: string) => out.kept.push({ name: w.name, why })
      if (w.permanent) {
        keep("permanent")
        continue
      }
      const who = usedBy(w, ctx.live)
      if (who) {
        keep(`in use by ${who}`)
        continue
      }
      const s = await inspect(w)
      // a folder deleted by hand holds nothing: forget it whatever its age
      if (s.present && ctx.now() - w.lastUsedAt < idleMs) {
        keep("used recently")
        continue
      }
      if (s.present && s.changedFiles) {
        keep(`${s.changedFiles} uncommitted file(s)`)
        continue
      }
      if (s.present && s.unpushed) {
        keep(`${s.unpushed} unpushed commit(s)`)
        continue
      }
      await drop(ctx, w, s)
      r.worktrees = r.worktrees.filter((x) => x !== w)
      out.pruned.push(w.name)
    }
    // git's own bookkeeping of worktree folders that are gone
    await gitRun(ctx.repo.main, ["worktree", "prune"])
    return out
  })
}
