// A session host served over frames, by the two that carry it away from its client: the daemon's
// session-host process (daemon/host-process.ts, JSON lines on its fd 3) and the window's Worker
// (worker-entry.ts, postMessage). Both answer requests and keep subscriptions the same way; what
// only one of them does (the daemon's live list, its folder) stays with it.
import type { ErrorBody, EventEnvelope } from "../protocol"
import type { HostApi } from "./host-api"

export type ServedFrame =
  | { type: "response"; id: number; result?: unknown; error?: ErrorBody }
  | { type: "event"; subId: number; env: EventEnvelope }

export function errorBody(err: unknown): ErrorBody {
  const e = err as { code?: string; message?: string }
  return {
    code: (typeof e?.code === "string" ? e.code : "failed") as ErrorBody["code"],
    message: e?.message ?? String(err),
  }
}

export function serveFrames(send: (frame: ServedFrame) => void) {
  const subs = new Map<number, () => void>()
  return {
    /** Answers request `id` with what `run` returns, or with its error. */
    async respond(id: number, run: () => Promise<unknown>): Promise<void> {
      try {
        const result = await run()
        send({ type: "response", id, result })
      } catch (err) {
        send({ type: "response", id, error: errorBody(err) })
      }
    },
    /** A session's events as `event` frames; one that cannot be watched is told it closed. */
    subscribe(host: HostApi | undefined, frame: { subId: number; sessionId: string; after: number }): void {
      const forward = (env: EventEnvelope) => send({ type: "event", subId: frame.subId, env })
      try {
        if (!host) throw new Error("the session host did not start")
        subs.set(frame.subId, host.subscribe(frame.sessionId, frame.after, forward))
      } catch (err) {
        forward({
          type: "event",
          sessionId: frame.sessionId,
          seq: frame.after,
          event: { type: "closed", reason: errorBody(err).message },
        })
      }
    },
    unsubscribe(subId: number): void {
      subs.get(subId)?.()
      subs.delete(subId)
    },
    unsubscribeAll(): void {
      for (const u of subs.values()) u()
      subs.clear()
    },
  }
}
