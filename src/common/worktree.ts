// Managed git worktrees as the window sees them: the rows of the /worktree page and the service
// the CLI hands the window (src/worktree implements it; the window never runs git itself).

export interface WorktreeRow {
  name: string
  path: string
  /** Checked-out branch; undefined when its HEAD is detached. */
  branch?: string
  head?: string
  /** The commit it started from (short) and the branch that was checked out then. */
  base: string
  baseRef?: string
  createdAt: number
  lastUsedAt: number
  permanent: boolean
  changedFiles: number
  ahead: number
  behind: number
  /** Commits no remote and not its base branch have. */
  unpushed: number
  /** Who uses it now ("this window", "a live session", "xagent pid 123"); undefined: nobody. */
  inUse?: string
  /** Its folder is gone (removed by hand): prune forgets it. */
  missing: boolean
}

export interface SnapshotRow {
  name: string
  takenAt: number
  changedFiles: number
  unpushed: number
  branch?: string
}

export interface WorktreeListing {
  main: string
  mainBranch?: string
  /** The worktree the asker is in (undefined: the main checkout). */
  current?: string
  worktrees: WorktreeRow[]
  snapshots: SnapshotRow[]
}

export type SetupOutcome =
  | { kind: "none" }
  | { kind: "ran"; script: string; ok: boolean; output: string }
  /** Not run: the person has not trusted this script (this version of it) yet. */
  | { kind: "untrusted"; script: string; hash: string; text: string }

export interface PruneResult {
  pruned: string[]
  kept: { name: string; why: string }[]
}

export type HandoffDirection = "to-main" | "from-main"

export interface WorktreeService {
  list(): Promise<WorktreeListing>
  create(opts: {
    name?: string
    permanent?: boolean
    detach?: boolean
  }): Promise<{ row: WorktreeRow; setup: SetupOutcome }>
  trustSetup(name: string, hash: string): Promise<SetupOutcome>
  /** `snapshot: false` refuses a worktree that holds work rather than lose it. */
  remove(name: string, opts?: { snapshot?: boolean }): Promise<{ snapshot?: SnapshotRow }>
  restore(name: string): Promise<WorktreeRow>
  prune(): Promise<PruneResult>
  branch(name: string, branch: string): Promise<void>
  /** `to-main`: the worktree's changes onto the main checkout; `from-main`: the main checkout's uncommitted changes into the worktree. */
  handoff(name: string, direction: HandoffDirection): Promise<{ files: string[] }>
}

/** `+2 −1`: commits ahead of and behind the branch it came from ("" when level). */
export function aheadBehind(r: Pick<WorktreeRow, "ahead" | "behind">): string {
  return [r.ahead ? `+${r.ahead}` : "", r.behind ? `−${r.behind}` : ""].filter(Boolean).join(" ")
}

/** The branch, or `detached <commit>`. */
export function branchText(r: Pick<WorktreeRow, "branch" | "head">): string {
  return r.branch ?? `detached ${r.head?.slice(0, 7) ?? "?"}`
}

/** What a row holds, in words: `3 changed · +2`, or `clean`. */
export function workText(r: WorktreeRow): string {
  if (r.missing) return "folder gone"
  const parts = [r.changedFiles ? `${r.changedFiles} changed` : "", aheadBehind(r)].filter(Boolean)
  return parts.length ? parts.join(" · ") : "clean"
}
