// Requests the daemon answers itself (not a session host): their schemas are DaemonSchemas in
// schemas.ts.
import type { Static } from "typebox"
import type { RemoteStatus } from "./remote"
import type { DaemonSchemas } from "./schemas"

export type DaemonMethod = keyof typeof DaemonSchemas
export type DaemonParams<M extends DaemonMethod> = Static<(typeof DaemonSchemas)[M]>

export interface LiveSessionStatus {
  /** The host's handle for the session (requests, subscriptions). */
  sessionId: string
  /** Pi's session id, the one people see (short, in `sessions` and `daemon status`) and pass to attach. */
  piSessionId?: string
  cwd: string
  file?: string
  running: boolean
  pendingQuestions: number
  /** Windows subscribed to it now. */
  windows: number
}

/** One session-host process of the daemon (one per live session). */
export interface HostProcessStatus {
  pid: number
  cwd: string
  rssBytes: number
  state: "starting" | "running" | "waiting" | "idle"
  sessionId?: string
  piSessionId?: string
  /** Event frames it has sent the daemon: one per event, however many windows watch. */
  eventFrames?: number
}

export interface DaemonStatus {
  pid: number
  protocol: number
  startedAt: number
  uptimeMs: number
  socket: string
  home: string
  /** Connected clients (windows and short-lived commands) other than the one asking. */
  clients: number
  sessions: LiveSessionStatus[]
  /** Its session-host processes (absent from a daemon that hosts sessions itself). */
  hosts?: HostProcessStatus[]
  /** Events the daemon has encoded for its windows: one per event, however many windows watch. */
  encodedEvents?: number
}

export interface DaemonResults {
  ping: { now: number }
  "daemon.status": DaemonStatus
  "daemon.stop": { stopping: boolean; reason?: string }
  "remote.start": RemoteStatus
  "remote.stop": RemoteStatus
  "remote.status": RemoteStatus
  "remote.decide": RemoteStatus
  "remote.revoke": RemoteStatus
}

/** Methods a daemon accepts before `hello` succeeded. */
export const PRE_HELLO = new Set<string>(["hello", "daemon.status", "daemon.stop"])
