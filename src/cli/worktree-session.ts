// The worktree side of a window run: `-w` picks the folder before anything starts, the window
// gets the repository's worktree service, and this process holds whichever worktree it works in.
import type { WorktreeService } from "../protocol/worktree"
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

/** The window's service for the repository `cwd` is in; holding that folder's worktree now. */
export async function windowWorktrees(cwd: string): Promise<WorktreeService | undefined> {
  const { worktreeService } = await import("../worktree/service")
  const service = worktreeService({ cwd, live: () => liveUse(cwd) })
  const { holdPath } = await import("../worktree/manage")
  try {
    await holdPath(await service.ctx(), cwd, process.pid)
  } catch {
    // not a repository, or no git: the page says so when opened
  }
  return service
}
