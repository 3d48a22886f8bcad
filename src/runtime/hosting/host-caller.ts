// The asking side of host-frames.ts, for both callers of a session host carried away from them:
// the broker's host processes (daemon/host-child.ts) and the window's Worker
// (client/worker-client.ts). It numbers requests and subscriptions, answers them from the
// host's frames, and once the host is gone fails what was in flight and what comes after.
// How the frames travel, and what `ready`, `live` and `log` mean, stays with each caller.
import { ProtocolError, type EventEnvelope, type Method, type Params } from "../../protocol/index"
import type { FromHost, LiveInfo, ToHost } from "./host-frames"
import type { LiveMark } from "./held-files"

type Call =
  | { type: "request"; method: Method; params: unknown }
  | { type: "resolve"; params: Params<"session.open"> }
  | { type: "holds"; paths: string[] }

export interface HostCallerOptions {
  send(frame: ToHost): void
  /**
   * Every subscriber of one event gets the same object. For a caller whose subscribers only
   * encode it again (the broker's connections, which then encode it once); otherwise each after
   * the first gets a copy of its own, as if it had come over a wire of its own.
   */
  shareEvents?: boolean
  ready(): void
  failed(message: string): void
  log(message: string): void
  live?(sessions: LiveInfo[]): void
  /** The host asks for a session of a host of its own (the broker's; see host-frames.ts). */
  open?(frame: Extract<FromHost, { type: "open" }>): void
  /** The host asks a request of a session it watches (the broker's). */
  call?(frame: Extract<FromHost, { type: "call" }>): void
}

export class HostCaller {
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  private readonly subs = new Map<number, (e: EventEnvelope) => void>()
  private nextId = 0
  private gone: Error | undefined
  private onDisposed: (() => void) | undefined
  /** Event frames taken: one per event, however many subscriptions it went to. */
  eventFrames = 0

  constructor(private readonly opts: HostCallerOptions) {}

  /** Set once the host is gone (ended, crashed, never started): every call after fails with it. */
  get failure(): Error | undefined {
    return this.gone
  }

  request(method: Method, params: unknown): Promise<unknown> {
    return this.call({ type: "request", method, params })
  }

  /** The file a `session.open` would open, if any (the broker's join by file). */
  resolveTarget(params: Params<"session.open">): Promise<string | undefined> {
    return this.call({ type: "resolve", params }).then((r) => (r as { path?: string }).path)
  }

  /** Which of `paths` the host's live sessions hold, asked now (the host is the one that knows). */
  holds(paths: string[]): Promise<Record<string, LiveMark>> {
    return this.call({ type: "holds", paths }) as Promise<Record<string, LiveMark>>
  }

  subscribe(sessionId: string, after: number, onEvent: (e: EventEnvelope) => void): () => void {
    const subId = ++this.nextId
    this.subs.set(subId, onEvent)
    this.post({ type: "subscribe", subId, sessionId, after })
    return () => {
      if (this.subs.delete(subId)) this.post({ type: "unsubscribe", subId })
    }
  }

  /** Every subscriber now, so a host that died can tell them. */
  subscribers(): ((e: EventEnvelope) => void)[] {
    return [...this.subs.values()]
  }

  /** Forgets every subscriber without telling the host (it is being disposed). */
  dropSubscribers(): void {
    this.subs.clear()
  }

  /** Asks the host to end; resolves when it says it has, or when it is gone. */
  dispose(): Promise<void> {
    if (this.gone) return Promise.resolve()
    const done = new Promise<void>((resolve) => (this.onDisposed = resolve))
    this.post({ type: "dispose" })
    return done
  }

  /** The host is gone: what waits fails with `error`, and so does every call after. */
  fail(error: Error): void {
    this.gone ??= error
    for (const p of this.pending.values()) p.reject(error)
    this.pending.clear()
    this.onDisposed?.()
  }

  onFrame(f: FromHost): void {
    switch (f.type) {
      case "ready":
        return this.opts.ready()
      case "failed":
        return this.opts.failed(f.message)
      case "response": {
        const p = this.pending.get(f.id)
        this.pending.delete(f.id)
        if (f.error) p?.reject(new ProtocolError(f.error.code, f.error.message))
        else p?.resolve(f.result)
        return
      }
      case "event": {
        this.eventFrames++
        let first = true
        for (const subId of f.subIds) {
          const fn = this.subs.get(subId)
          if (!fn) continue
          fn(first || this.opts.shareEvents ? f.env : structuredClone(f.env))
          first = false
        }
        return
      }
      case "live":
        return this.opts.live?.(f.sessions)
      case "log":
        return this.opts.log(f.message)
      case "open":
        return this.opts.open?.(f)
      case "call":
        return this.opts.call?.(f)
      case "disposed":
        return this.onDisposed?.()
    }
  }

  private call(frame: Call): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone)
    const id = ++this.nextId
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.post({ ...frame, id } as ToHost)
    })
  }

  private post(frame: ToHost): void {
    if (!this.gone) this.opts.send(frame)
  }
}
