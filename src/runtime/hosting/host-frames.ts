// Frames between a session host carried away from its caller and that caller: the broker and one
// session-host process (JSON lines over daemon/host-link.ts), or the window and its Worker
// (worker-entry.ts, postMessage). serve-frames.ts answers them, host-caller.ts asks them.
//   in:  request {id, method, params} · resolve {id, params} · holds {id, paths} · subscribe {subId, sessionId, after}
//        · unsubscribe {subId} · dispose
//   out: ready · failed {message} · response {id, result|error} · event {subIds, env}
//        · live {sessions} · log {message} · disposed
// `resolve`, `holds` and `live` are the broker's: a Worker is never asked them and never says `live`.
import type { ErrorBody, EventEnvelope, Method, Params } from "../../protocol/index"
import type { HostApi } from "./host-api"

export type LiveInfo = ReturnType<HostApi["live"]>[number]

export type ToHost =
  | { type: "request"; id: number; method: Method; params: unknown }
  /** Which file a `session.open` would open (none for a new session), so the broker can join a live one. */
  | { type: "resolve"; id: number; params: Params<"session.open"> }
  /** Which of these files its live sessions hold (answered as a response: path → live mark; held-files.ts). */
  | { type: "holds"; id: number; paths: string[] }
  | { type: "subscribe"; subId: number; sessionId: string; after: number }
  | { type: "unsubscribe"; subId: number }
  | { type: "dispose" }

export type FromHost =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "response"; id: number; result?: unknown; error?: ErrorBody }
  /**
   * One event for every subscription that gets it: several windows on a session cost the host one
   * encode and the caller one parse, and the broker hands the one object to each window (whose
   * connections then encode it once, daemon/connection.ts).
   */
  | { type: "event"; subIds: number[]; env: EventEnvelope }
  | { type: "live"; sessions: LiveInfo[] }
  | { type: "log"; message: string }
  | { type: "disposed" }
