// One repository's managed worktrees as the service the CLI and the window use: each call finds
// the repository again (the folder may have changed) and reads who uses what now.
import type { WorktreeListing, WorktreeService } from "../common/worktree"
import { xagentHome } from "../util/daemon-paths"
import { gitRun } from "./git"
import { handoff } from "./handoff"
import type { LiveUse } from "./live"
import * as m from "./manage"
import { prune } from "./prune"
import { findRepo, inside, real } from "./repo"
import { runSetupIfTrusted, trustScript } from "./setup-script"

export interface ServiceOptions {
  /** The folder whose repository this is (a window's folder). */
  cwd: string
  /** Who uses what now; asked on every call (live sessions come and go). */
  live: () => Promise<LiveUse>
  home?: string
  now?: () => number
}

export function worktreeService(opts: ServiceOptions): WorktreeService & { ctx(): Promise<m.Ctx> } {
  const ctx = async (): Promise<m.Ctx> => ({
    repo: await findRepo(opts.cwd, opts.home ?? xagentHome()),
    live: await opts.live(),
    now: opts.now ?? Date.now,
  })
  return {
    ctx,
    async list(): Promise<WorktreeListing> {
      const c = await ctx()
      const r = m.read(c)
      const rows = await Promise.all(r.worktrees.map(async (w) => m.toRow(w, await m.inspect(w), c.live)))
      const sym = await gitRun(c.repo.main, ["symbolic-ref", "-q", "--short", "HEAD"])
      const here = real(opts.cwd)
      return {
        main: c.repo.main,
        mainBranch: sym.code === 0 ? sym.stdout.trim() : undefined,
        current: r.worktrees.find((w) => inside(real(w.path), here))?.name,
        worktrees: rows.sort((a, b) => b.lastUsedAt - a.lastUsedAt),
        snapshots: r.snapshots.sort((a, b) => b.takenAt - a.takenAt).map(m.snapshotRow),
      }
    },
    create: async (o) => m.create(await ctx(), o),
    async trustSetup(name, hash) {
      const c = await ctx()
      const w = m.find(m.read(c), name)
      trustScript(m.worktreesHome(c.repo), c.repo.id, w.path, hash)
      return runSetupIfTrusted(m.worktreesHome(c.repo), c.repo.id, w.path, c.repo.main)
    },
    remove: async (name, o) => m.remove(await ctx(), name, o),
    restore: async (name) => m.restore(await ctx(), name),
    prune: async () => prune(await ctx()),
    branch: async (name, b) => m.branch(await ctx(), name, b),
    handoff: async (name, d) => handoff(await ctx(), name, d),
  }
}
