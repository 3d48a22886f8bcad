// A session host served over frames, by the two that carry it away from its client: the daemon's
// session-host process (daemon/host-process.ts, JSON lines on its fd 3) and the window's Worker
// (worker-entry.ts, postMessage). Both answer requests and keep subscriptions the same way; what
// only one of them does (the daemon's live list, its folder) stays with it. The frames are
// host-frames.ts's; their caller is host-caller.ts.
import type { ErrorBody, EventEnvelope } from "../../protocol/index"
import type { HostApi } from "./host-api"
import type { FromHost } from "./host-frames"

export type ServedFrame = Extract<FromHost, { type: "response" | "event" }>

export function errorBody(err: unknown): ErrorBody {
  const e = err as { code?: string; message?: string }
  return {
    code: (typeof e?.code === "string" ? e.code : "failed") as ErrorBody["code"],
    message: e?.message ?? String(err),
  }
}

export function serveFrames(send: (frame: ServedFrame) => void) {
  const subs = new Map<number, () => void>()
  // A session's journal hands one event object to each of its listeners in one go: the
  // subscriptions it reaches together leave as one frame, so N windows cost one encode, not N.
  // Anything else sent first sends it (flush), so no frame overtakes an event before it.
  let gathering: { env: EventEnvelope; subIds: number[] } | undefined
  const flush = () => {
    const g = gathering
    gathering = undefined
    if (g) send({ type: "event", subIds: g.subIds, env: g.env })
  }
  const forward = (subId: number, env: EventEnvelope) => {
    if (gathering?.env === env) return void gathering.subIds.push(subId)
    flush()
    gathering = { env, subIds: [subId] }
    queueMicrotask(flush)
  }
  const reply = (frame: ServedFrame) => {
    flush()
    send(frame)
  }
  return {
    /** Sends what waits to go: call before any frame of the caller's own. */
    flush,
    /** Answers request `id` with what `run` returns, or with its error. */
    async respond(id: number, run: () => Promise<unknown>): Promise<void> {
      try {
        const result = await run()
        reply({ type: "response", id, result })
      } catch (err) {
        reply({ type: "response", id, error: errorBody(err) })
      }
    },
    /** A session's events as `event` frames; one that cannot be watched is told it closed. */
    subscribe(host: HostApi | undefined, frame: { subId: number; sessionId: string; after: number }): void {
      const to = (env: EventEnvelope) => forward(frame.subId, env)
      try {
        if (!host) throw new Error("the session host did not start")
        subs.set(frame.subId, host.subscribe(frame.sessionId, frame.after, to))
      } catch (err) {
        to({
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
