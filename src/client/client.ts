// The one seam between a window and a session host. `local` runs the host in this process
// (--no-daemon, tests); `socket` talks to the daemon. Screen code sees only this.
import type { DaemonMethod, DaemonParams, DaemonResults, EventEnvelope, Method, Params, Result } from "../protocol"

export type ConnectionState =
  { state: "connected" } | { state: "degraded"; reason: string } | { state: "lost"; reason: string }

export interface Client {
  readonly kind: "local" | "socket"
  request<M extends Method>(method: M, params: Params<M>): Promise<Result<M>>
  /** Events of one session after `after` (journal replay or a fresh snapshot), then live ones. */
  subscribe(sessionId: string, after: number, onEvent: (e: EventEnvelope) => void): () => void
  onConnection(fn: (s: ConnectionState) => void): () => void
  close(): Promise<void>
  /** Requests the daemon answers itself (remote control, status); absent without a daemon (--no-daemon). */
  daemon?<M extends DaemonMethod>(method: M, params: DaemonParams<M>): Promise<DaemonResults[M]>
  /** Things about this connection the person should know (shown once, as warnings). */
  readonly notices?: readonly string[]
}
