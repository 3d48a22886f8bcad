// What the subagents extension's host part and window part both read: the tool's name, the state
// the host part keeps in the session's info (the children of the running reply), and how one
// child's row is laid out at a width. No Pi here: the window loads this file.

export const AGENT_TOOL = "agent"
/** Children that run at once in one session (the rest wait their turn); XAGENT_SUBAGENTS_MAX changes it. */
export const DEFAULT_MAX_CHILDREN = 4
/** How deep children may nest: the main agent is 0, its children 1, theirs 2, and no deeper. */
export const MAX_DEPTH = 2
/** Rows drawn under the status line before the rest are counted. */
export const MAX_ROWS = 3

export type ChildStatus = "queued" | "running" | "done" | "failed" | "cancelled"

export interface ChildState {
  id: string
  profile: string
  title: string
  status: ChildStatus
  /** 1 for the main agent's children, 2 for theirs. */
  depth: number
  /** When it was asked for (queued) and when it started running (ms since the epoch). */
  queuedAt: number
  startedAt?: number
}

export interface SubagentsState {
  /** The children still queued or running, in the order they were asked for. */
  children: ChildState[]
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** The state as the window gets it (anything else: none). */
export function subagentsOf(state: unknown): SubagentsState | undefined {
  if (!isRecord(state) || !Array.isArray(state.children)) return undefined
  const children = state.children.filter(
    (c): c is ChildState =>
      isRecord(c) && typeof c.id === "string" && typeof c.profile === "string" && typeof c.title === "string",
  )
  return { children }
}

/** `12s`, `3m 05s`, `1h 02m`. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}m`
}

export interface RowParts {
  profile: string
  title: string
  elapsed: string
}

/**
 * One row's parts cut to `width` columns (after the two of the mark and its space): the title goes
 * first, down to nothing; then the elapsed time; the profile's name is cut last.
 */
export function fitRow(width: number, parts: RowParts): RowParts {
  const room = Math.max(0, width - 2)
  const fixed = (p: RowParts) => p.profile.length + (p.elapsed ? p.elapsed.length + 2 : 0)
  let { profile, title, elapsed } = parts
  const titleRoom = room - fixed({ profile, title, elapsed }) - 2
  if (titleRoom < title.length) title = titleRoom >= 4 ? `${title.slice(0, titleRoom - 1)}…` : ""
  if (!title && fixed({ profile, title, elapsed }) > room) elapsed = ""
  if (profile.length > room) profile = room >= 2 ? `${profile.slice(0, room - 1)}…` : profile.slice(0, room)
  return { profile, title, elapsed }
}

/** The line after the rows drawn, when more children run than rows are drawn. */
export function moreText(children: number): string | undefined {
  return children > MAX_ROWS ? `+${children - MAX_ROWS} more` : undefined
}
