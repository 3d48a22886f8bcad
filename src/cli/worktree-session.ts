// The worktree side of a window run: `-w` picks the folder before anything starts, the window
// gets the repository's worktree service, and this process holds whichever worktree it works in.
import type { WorktreeService } from "../common/worktree"
import type { Ctx } from "../worktree/manage"
import { err } from "./io"
import { liveUse } from "./worktree-live"

/** `xagent -w [name]`: the folder to start in (a managed worktree of `cwd`'s repository). */
export async function enterForRun(cwd: string, name: string | undefined, interactive: boolean): Promise<string> {
  const { worktreeService } = await import("../worktree/service")
  const { enterWorktree } = await import("../worktree/enter")
  const service = worktreeService({ cwd, live: () => liveUse() })
  const e = await enterWorktree(await service.ctx(), cwd, name, process.pid)
  const notes: string[] = []
  if (e.pruned.length) notes.push(`xagent: pruned unused worktrees: ${e.pruned.join(", ")}`)
  notes.push(`xagent: ${e.created ? "made" : "in"} worktree ${e.name}${e.branch ? ` (${e.branch})` : ""} at ${e.path}`)
  await err(notes.join("\n") + "\n")
  if (e.setup.kind !== "none") {
    const { askTrust, reportSetup } = await import("./worktree-commands")
    const setup = interactive ? await askTrust(e.setup, e.name, (hash) => service.trustSetup(e.name, hash)) : e.setup
    await reportSetup(setup)
  }
  return e.cwd
}

/**
 * The window's service for the repository `cwd` is in. The window never waits for it on its way
 * to the first frame: its code loads, and this process takes hold of the folder's worktree, in
 * the background.
 */
export function windowWorktrees(cwd: string): WorktreeService {
  let loaded: Promise<WorktreeService & { ctx(): Promise<Ctx> }> | undefined
  const service = () =>
    (loaded ??= import("../worktree/service").then((m) => m.worktreeService({ cwd, live: () => liveUse(cwd) })))
  // not a repository, or no git: the page says so when it is opened
  void service()
    .then(async (s) => (await import("../worktree/manage")).holdPath(await s.ctx(), cwd, process.pid))
    .catch(() => {})
  return {
    list: async () => (await service()).list(),
    create: async (o) => (await service()).create(o),
    trustSetup: async (name, hash) => (await service()).trustSetup(name, hash),
    remove: async (name, o) => (await service()).remove(name, o),
    restore: async (name) => (await service()).restore(name),
    prune: async () => (await service()).prune(),
    branch: async (name, b) => (await service()).branch(name, b),
    handoff: async (name, d) => (await service()).handoff(name, d),
  }
}
