// Who uses a worktree now: the asking window itself, a process holding it (a window or CLI that
// started in it), or a live session whose folder is in it (what the broker daemon reports).
import type { WorktreeRecord } from "./record"
import { alive } from "./record"
import { inside, real } from "./repo"

export interface LiveUse {
  /** Folders of the live sessions the daemon hosts (from `daemon.status`). */
  sessionCwds: string[]
  /** The asking window's folder: its own worktree is never removed from under it. */
  self?: string
}

export function usedBy(w: WorktreeRecord, live: LiveUse): string | undefined {
  const path = real(w.path)
  if (live.self && inside(path, real(live.self))) return "this window"
  if (live.sessionCwds.some((c) => inside(path, real(c)))) return "a live session"
  const holder = w.holders.find((pid) => pid !== process.pid && alive(pid))
  if (holder) return `xagent pid ${holder}`
  return undefined
}
