// One client connection: frame decoding, the hello gate, the access check (an untrusted peer
// may only read, protocol/access.ts), boundary validation, and the bounded outbox its replies
// and events go through.
import {
  ACCESS,
  accessOf,
  encodeServerFrame,
  LineDecoder,
  PRE_HELLO,
  PROTOCOL_VERSION,
  ProtocolError,
  type Access,
  type DaemonMethod,
  type DaemonStatus,
  type ErrorBody,
  type EventEnvelope,
  type Method,
  type ResponseFrame,
} from "../protocol"
import type { HostApi } from "../runtime/hosting/host-api"
import { Outbox, type OutboxLimits } from "./outbox"
import type { PeerVerdict } from "./peer"
import { checkParams, FrameError, parseRequest } from "./validate"
import { errorText } from "../util/error-text"

export interface Logger {
  info(msg: string): void
  warn(msg: string): void
  error(msg: string): void
}

/** What a connection needs from the daemon around it. */
export interface DaemonContext {
  host(): Promise<HostApi>
  log: Logger
  status(): DaemonStatus
  /** Stops the daemon unless `ifIdle` and sessions are live; false when it refused. */
  requestStop(reason: string, ifIdle: boolean): boolean
  maxFrameBytes: number
  /**
   * The change in this connection's partial-frame bytes; answers whether every connection's
   * together are still under the daemon's one cap (many connections' half-sent frames must not
   * add up to unbounded memory). Absent: no global cap.
   */
  partialBytes?(delta: number): boolean
  outbox: OutboxLimits
  /** What untrusted peers may call (default ACCESS); a method it does not name is refused to them. */
  access?: Readonly<Record<string, Access>>
  /** Something may now need the daemon's periodic checks (a client fell behind, a window left a session). */
  wake?(): void
  /** Work that leaves garbage behind happened (see quiet-gc.ts); `oneShot`: a burst that is over. */
  activity?(oneShot?: boolean): void
  /** A connection sent its first request: its deadline to speak is over (admission.ts). */
  spoke?(conn: Connection): void
  /** Remote control's `remote.*` requests (daemon/remote/remote-control.ts), loaded at the first. */
  remote?(): Promise<{ request(method: DaemonMethod, params: any): Promise<unknown> }>
  /** Whether remote control was ever asked to start (until then its status is "off", unloaded). */
  remoteLoaded?(): boolean
}

export interface SocketLike {
  write(data: Uint8Array): number
  /** Closes at once: a dropped client gets nothing more. */
  destroy(): void
}

// Every window of a session gets the same envelope object (a host's event frame is parsed once
// and handed to each, runtime/hosting/host-caller.ts): encode it once.
const encoded = new WeakMap<EventEnvelope, Uint8Array>()
let encodes = 0

function encodeEnvelope(env: EventEnvelope, maxLine: number): Uint8Array {
  let bytes = encoded.get(env)
  if (!bytes) {
    encodes++
    encoded.set(env, (bytes = encodeServerFrame(env, maxLine)))
  }
  return bytes
}

/** Events encoded for windows so far (daemon status). */
export function encodedEvents(): number {
  return encodes
}

export class Connection {
  /** Live subscriptions by session id. */
  readonly subs = new Map<string, () => void>()
  /** Sessions this client opened or watched: candidates to end when it leaves. */
  readonly touched = new Set<string>()
  readonly outbox: Outbox
  hello = false
  /** It sent a request (any, well formed): a connection that never does is let go (admission.ts). */
  spoke = false
  client = "?"
  /** Let go by the daemon (too slow, stalled), not gone by itself: it comes back when it can. */
  dropped = false
  /** The window's environment from hello: what the sessions it opens run with. */
  env: Record<string, string> | undefined
  closed = false
  private readonly decoder: LineDecoder
  private readonly text = new TextDecoder()

  constructor(
    readonly id: number,
    private readonly socket: SocketLike,
    readonly peer: PeerVerdict,
    private readonly ctx: DaemonContext,
  ) {
    this.outbox = new Outbox(
      socket,
      ctx.outbox,
      (reason) => this.drop(reason),
      () => ctx.wake?.(),
    )
    this.decoder = new LineDecoder(
      (line) => void this.handle(line),
      (bytes) =>
        this.replyError(null, "bad_frame", `frame of ${bytes} bytes exceeds the ${ctx.maxFrameBytes}-byte cap`),
      ctx.maxFrameBytes,
    )
  }

  get label() {
    return `client#${this.id}${this.peer.pid ? ` pid ${this.peer.pid}` : ""} (${this.client})`
  }

  onData(chunk: Uint8Array) {
    if (this.closed) return
    const before = this.decoder.pending
    this.decoder.push(this.text.decode(chunk, { stream: true }))
    const delta = this.decoder.pending - before
    if (delta === 0 || !this.ctx.partialBytes) return
    if (!this.ctx.partialBytes(delta)) this.drop("partial frames of all clients over the daemon's cap")
  }

  /** Gives back what its partial frame held (on close and drop). */
  private releasePartial() {
    const held = this.decoder.pending
    if (held && this.ctx.partialBytes) this.ctx.partialBytes(-held)
    this.decoder.reset()
  }

  /** Ends every subscription; returns the sessions this client had touched. */
  onClose(): string[] {
    this.releasePartial()
    this.closed = true
    for (const unsub of this.subs.values()) safely(unsub)
    this.subs.clear()
    return [...this.touched]
  }

  sendEvent(env: EventEnvelope) {
    if (this.closed) return
    // a stream of events is work going on; a snapshot is a burst of its own
    this.ctx.activity?.(env.event.type === "snapshot")
    this.outbox.send(encodeEnvelope(env, this.ctx.maxFrameBytes))
    if (env.event.type === "closed") this.subs.delete(env.sessionId)
  }

  private send(frame: ResponseFrame) {
    if (!this.closed) this.outbox.send(encodeServerFrame(frame, this.ctx.maxFrameBytes))
  }

  private replyError(id: number | string | null, code: ErrorBody["code"], message: string) {
    this.send({ id, error: { code, message } })
  }

  drop(reason: string) {
    this.ctx.log.warn(`${this.label} dropped: ${reason}`)
    this.dropped = true
    this.releasePartial()
    this.closed = true
    this.socket.destroy()
  }

  private async handle(line: string) {
    let id: number | string | null = null
    try {
      const req = parseRequest(line)
      id = req.id
      if (!this.spoke) {
        this.spoke = true
        this.ctx.spoke?.(this)
      }
      if (!this.hello && !PRE_HELLO.has(req.method)) throw new ProtocolError("bad_request", "send hello first")
      // Before the params: an untrusted peer learns nothing from a refused request.
      this.checkAccess(req.method)
      const problem = checkParams(req.method, req.params)
      if (problem) throw new ProtocolError("bad_request", `${req.method}: ${problem}`)
      const result = await this.dispatch(req.method, req.params as Record<string, any>)
      this.send({ id, result })
      // a request may have left a session unwatched (unsubscribe, an open without a subscription)
      if (req.method !== "ping") {
        this.ctx.wake?.()
        // a request is a burst that is over once answered (opening a long session leaves megabytes)
        this.ctx.activity?.(true)
      }
    } catch (e) {
      if (e instanceof FrameError) return this.replyError(e.id, e.code, e.message)
      if (e instanceof ProtocolError) return this.replyError(id, e.code, e.message)
      const message = errorText(e)
      this.ctx.log.error(`${this.label} request failed: ${e instanceof Error ? (e.stack ?? message) : message}`)
      this.replyError(id, "failed", message)
    }
  }

  /** Default deny: an untrusted peer may call what the table calls "read", nothing else. */
  private checkAccess(method: string) {
    if (this.peer.trusted) return
    const access = accessOf(method, this.ctx.access ?? ACCESS)
    if (access === "read") return
    const why = access === undefined ? `it has no access entry, and ${this.peer.reason}` : this.peer.reason
    this.ctx.log.warn(`${this.label} refused ${method}: ${why}`)
    throw new ProtocolError("refused", `${method} refused: ${why}`)
  }

  private async dispatch(method: string, params: Record<string, any>): Promise<unknown> {
    switch (method) {
      // Answered here only: the socket is the one way in where the other end may speak another
      // protocol version, and hello is what says so (the hosts behind the daemon never see it).
      case "hello":
        if (params.version !== PROTOCOL_VERSION)
          throw new ProtocolError(
            "version",
            `the xagent daemon (pid ${process.pid}) speaks protocol ${PROTOCOL_VERSION}, ` +
              `this client ${params.version}; ` +
              "run `xagent daemon stop` (it stops its live sessions) and start again",
          )
        this.hello = true
        this.client = String(params.client).slice(0, 60)
        this.env = params.env
        this.ctx.log.info(`${this.label} hello${this.peer.trusted ? "" : ` (read-only: ${this.peer.reason})`}`)
        return { version: PROTOCOL_VERSION, server: "xagent-daemon", pid: process.pid }
      case "ping":
        return { now: Date.now() }
      case "daemon.status": {
        // The asker is a connection too; "clients" means the others (windows, other commands).
        const s = this.ctx.status()
        return { ...s, clients: Math.max(0, s.clients - 1) }
      }
      case "daemon.stop": {
        const stopping = this.ctx.requestStop(`stop requested by ${this.label}`, !!params.ifIdle)
        return stopping ? { stopping } : { stopping, reason: "sessions are live" }
      }
      case "remote.start":
      case "remote.stop":
      case "remote.status":
      case "remote.decide":
      case "remote.revoke": {
        if (!this.ctx.remote) throw new ProtocolError("refused", "this daemon has no remote control")
        // a window asks at its start whether remote control is on: not a reason to load it
        if (method === "remote.status" && !this.ctx.remoteLoaded?.())
          return { on: false, version: 0, devices: [], requests: [] }
        return await (await this.ctx.remote()).request(method, params)
      }
      case "session.subscribe":
        return this.subscribe(params.sessionId, params.after)
      case "session.unsubscribe": {
        const unsub = this.subs.get(params.sessionId)
        this.subs.delete(params.sessionId)
        if (unsub) safely(unsub)
        return {}
      }
    }
    const host = await this.ctx.host()
    const result = await host.request(method as Method, params as never, { env: this.env, sessions: [...this.touched] })
    if (method === "session.open") this.touched.add((result as { sessionId: string }).sessionId)
    return result
  }

  private async subscribe(sessionId: string, after: number) {
    const host = await this.ctx.host()
    const old = this.subs.get(sessionId)
    if (old) safely(old)
    this.subs.delete(sessionId)
    if (!host.live().some((s) => s.sessionId === sessionId))
      throw new ProtocolError("not_found", `no live session ${sessionId}`)
    let unsub: (() => void) | undefined
    let closedDuringReplay = false
    try {
      unsub = host.subscribe(sessionId, after, (env) => {
        if (env.event.type === "closed" && !unsub) closedDuringReplay = true
        this.sendEvent(env)
      })
    } catch (e) {
      throw new ProtocolError("not_found", `cannot subscribe to ${sessionId}: ${(e as Error).message}`)
    }
    this.touched.add(sessionId)
    if (this.closed || closedDuringReplay) safely(unsub)
    else this.subs.set(sessionId, unsub)
    return {}
  }
}

function safely(fn: () => void) {
  try {
    fn()
  } catch {}
}
