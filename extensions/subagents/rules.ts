// What the subagents extension's host part and window part both read: the tool's name, the state
// the host part keeps in the session's info (the children of the running reply), and how one
// child's row is laid out at a width. No Pi here: the window loads this file.

export const AGENT_TOOL = "agent"
/**
 * The command that stops one queued or running child by its id: the roster's Ctrl+X sends it as
 * the person's prompt (a command runs at once, even while the reply runs).
 */
export const STOP_COMMAND = "subagents:stop"
/**
 * The command that sends a running child a message of the person's (`<id> <text>`): taken after
 * the child's current step, as a steer is in the main session. Sent from the child's view.
 */
export const STEER_COMMAND = "subagents:steer"
/** Children that run at once in one session (the rest wait their turn); XAGENT_SUBAGENTS_MAX changes it. */
export const DEFAULT_MAX_CHILDREN = 4
/** How deep children may nest: the main agent is 0, its children 1, theirs 2, and no deeper. */
export const MAX_DEPTH = 2
/** Rows drawn under the status line before the rest are counted. */
export const MAX_ROWS = 3

/** `stopped`: the person stopped it (the roster's Ctrl+X); `cancelled`: its parent's call was. */
export type ChildStatus = "queued" | "running" | "done" | "failed" | "cancelled" | "stopped"

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
  /** When it ended (finished children only). */
  endedAt?: number
  /** `provider/id` it runs on, once it started. */
  model?: string
  /** Its profile's thinking level, when the profile sets one. */
  effort?: string
  /** The tool it ran last. */
  latestTool?: string
  /** Tokens so far (in: input + cache; out: output). */
  tokens?: { input: number; output: number }
  /** Its transcript's file, a Pi session file (the roster opens it). */
  transcript?: string
  /** Why its transcript is not kept, when a write failed. */
  transcriptProblem?: string
  /** Its session, when it runs in a session host of its own (the daemon's): `xagent attach <id>`. */
  sessionId?: string
  /** It takes the person's messages now (a running Pi child). */
  steerable?: boolean
  /** Its own todo list's counts, when it wrote one. */
  todos?: { done: number; total: number }
}

export interface SubagentsState {
  /** The children still queued or running, in the order they were asked for. */
  children: ChildState[]
  /** Children of this conversation that ended, oldest first (the last FINISHED_KEPT); the roster's. */
  finished?: ChildState[]
}

/** Ended children the roster keeps. */
export const FINISHED_KEPT = 50

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** The state as the window gets it (anything else: none). */
export function subagentsOf(state: unknown): SubagentsState | undefined {
  if (!isRecord(state) || !Array.isArray(state.children)) return undefined
  const valid = (c: unknown): c is ChildState =>
    isRecord(c) && typeof c.id === "string" && typeof c.profile === "string" && typeof c.title === "string"
  const children = state.children.filter(valid)
  const finished = Array.isArray(state.finished) ? state.finished.filter(valid) : []
  return finished.length ? { children, finished } : { children }
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
  return children > MAX_ROWS ? `+${children - MAX_ROWS} more · /subagents` : undefined
}

/** `1.2k` */
export function countText(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n)
}

/** One entry of the /subagents roster: its two lines' words (the window colours and cuts them). */
export interface RosterEntry {
  key: string
  mark: "main" | ChildStatus
  profile: string
  title: string
  /** model · effort · tokens · elapsed · latest tool, the parts known. */
  details: string[]
}

export interface MainAgent {
  name?: string
  model?: string
  effort?: string
  tokens?: { input: number; output: number }
  running: boolean
}

/**
 * The roster: the main agent first, then the running and queued children, then those that ended
 * (newest first); `filter` keeps the children whose profile, title or model hold it (any case).
 */
export function rosterEntries(
  state: SubagentsState | undefined,
  main: MainAgent,
  filter: string,
  now: number,
): RosterEntry[] {
  const tokens = (t?: { input: number; output: number }) =>
    t ? [`${countText(t.input)} in / ${countText(t.output)} out`] : []
  const first: RosterEntry = {
    key: "main",
    mark: "main",
    profile: "main",
    title: main.name ?? "this conversation",
    details: [
      ...(main.model ? [main.model] : []),
      ...(main.effort ? [main.effort] : []),
      ...tokens(main.tokens),
      main.running ? "working" : "idle",
    ],
  }
  const child = (c: ChildState): RosterEntry => {
    const since = c.startedAt ?? c.queuedAt
    const elapsed = c.status === "queued" ? "queued" : elapsedText((c.endedAt ?? now) - since)
    return {
      key: c.id,
      mark: c.status,
      profile: c.profile,
      title: c.title,
      details: [
        // said first, so a narrow window keeps it: the mark alone would not tell it from cancelled
        ...(c.status === "stopped" ? ["stopped by you"] : []),
        ...(c.model ? [c.model] : []),
        ...(c.effort ? [c.effort] : []),
        ...tokens(c.tokens),
        ...(c.todos ? [`todos ${c.todos.done}/${c.todos.total}`] : []),
        elapsed,
        ...(c.latestTool ? [c.latestTool] : []),
      ],
    }
  }
  const q = filter.trim().toLowerCase()
  const keep = (c: ChildState) => !q || [c.profile, c.title, c.model ?? ""].some((w) => w.toLowerCase().includes(q))
  const live = (state?.children ?? []).filter(keep).map(child)
  const ended = [...(state?.finished ?? [])].reverse().filter(keep).map(child)
  return [first, ...live, ...ended]
}
