// Frames between a session host carried away from its caller and that caller: the broker and one
// session-host process (JSON lines over daemon/host-link.ts), or the window and its Worker
// (worker-entry.ts, postMessage). serve-frames.ts answers them, host-caller.ts asks them.
//   in:  request {id, method, params} · resolve {id, params} · holds {id, paths} · subscribe {subId, sessionId, after}
//        · unsubscribe {subId} · opened {id, sessionId|error} · watched {openId, env}
//        · answered {id, result|error} · dispose
//   out: ready · failed {message} · response {id, result|error} · event {subIds, env}
//        · live {sessions} · log {message} · open {id, params, prompt, watch?} · call {id, sessionId, method, params}
//        · disposed
// `resolve`, `holds`, `live`, `open` and `call` are the broker's: a Worker is never asked them and
// never says `live`, `open` or `call`.
import type { ErrorBody, EventEnvelope, Method, Params } from "../../protocol/index"
import type { WatchedMethod } from "../../common/bundled"
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
  /** The answer to the host's `open`: the new session's id, or why not. */
  | { type: "opened"; id: number; sessionId?: string; error?: string }
  /** An event of a session this host opened to watch (`open` with `watch`), by that open's id. */
  | { type: "watched"; openId: number; env: EventEnvelope }
  /** The answer to the host's `call`. */
  | { type: "answered"; id: number; result?: unknown; error?: ErrorBody }
  | { type: "dispose" }
  /**
   * A spare host taken for a window in another terminal pane: the terminal's own variables it
   * differs in (daemon/spare-host.ts), applied before anything else it is asked.
   */
  | { type: "env"; set: Record<string, string>; unset: string[] }

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
  /**
   * A session of a host of its own, opened by the broker and sent `prompt`: a background subagent,
   * which outlives this host (it could not start it as its own descendant), or with `watch` a
   * foreground one, whose events the broker sends back (`watched`) and which it closes with this host.
   */
  | { type: "open"; id: number; params: Params<"session.open">; prompt: string; watch?: boolean }
  /** A request of a session this host opened to watch (a foreground subagent's prompt, stop, answer, close). */
  | { type: "call"; id: number; sessionId: string; method: WatchedMethod; params: Record<string, unknown> }
  | { type: "disposed" }
