// Frames between the broker daemon and one session-host process (JSON lines over host-link.ts):
//   in:  request {id, method, params} · resolve {id, params} · poll {id} · subscribe {subId, sessionId, after}
//        · unsubscribe {subId} · dispose
//   out: ready · failed {message} · response {id, result|error} · event {subId, env}
//        · live {sessions} · log {message} · disposed
import type { ErrorBody, EventEnvelope, Method, Params } from "../protocol"
import type { HostApi } from "../runtime/host-api"

export type LiveInfo = ReturnType<HostApi["live"]>[number]

export type ToHost =
  | { type: "request"; id: number; method: Method; params: unknown }
  /** Which file a `session.open` would open (none for a new session), so the broker can join a live one. */
  | { type: "resolve"; id: number; params: Params<"session.open"> }
  /** Its live sessions now (answered as a response with the list). */
  | { type: "poll"; id: number }
  | { type: "subscribe"; subId: number; sessionId: string; after: number }
  | { type: "unsubscribe"; subId: number }
  | { type: "dispose" }

export type FromHost =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "response"; id: number; result?: unknown; error?: ErrorBody }
  | { type: "event"; subId: number; env: EventEnvelope }
  | { type: "live"; sessions: LiveInfo[] }
  | { type: "log"; message: string }
  | { type: "disposed" }
