// Remote control of one live session: its server (HTTPS with xagent's certificate, or HTTP on
// loopback), its one-time pairing code, the browsers waiting for the person's yes or no, and the
// event streams of its paired devices. The daemon's own subscription keeps the session's open
// dialogs (a device's answer is checked against them) and learns when the session ends.
import { randomBytes, timingSafeEqual } from "node:crypto"
import type { Server } from "bun"
import { ProtocolError, type EventEnvelope, type PairRequest, type RemoteDevice, type UiRequest } from "../../protocol"
import { terminalLine } from "../../common/terminal-text"
import type { HostApi } from "../../runtime/hosting/host-api"
import type { Certificate } from "./certificate"
import { deviceCall } from "./device-calls"
import type { DeviceStore, StoredDevice } from "./device-store"
import { urlHost, type ListenAddress } from "../../util/remote-address"
import { wakeOrTimeout } from "./wake"
import { webHandler, type PairAnswer, type WebSession } from "./web-server"

/** A browser's pair request is forgotten after this long unanswered. */
const PAIR_TTL_MS = 5 * 60_000
const MAX_WAITING_REQUESTS = 5
const WAIT_MS = 25_000

interface Waiting {
  request: PairRequest
  secret: string
  answer?: PairAnswer
  waiters: Set<() => void>
}

export interface RemoteSessionOptions {
  sessionId: string
  cwd: string
  listen: ListenAddress
  /** A tunnel's address in front of it: the link names it, and its Host and Origin are taken. */
  publicUrl?: { origin: string; host: string }
  certificate?: Certificate
  appDir: string
  host: HostApi
  store: DeviceStore
  log(msg: string): void
  /** Something the window's page shows changed. */
  changed(): void
  /** The session ended: remote control for it is over. */
  ended(): void
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export class RemoteSession implements WebSession {
  readonly sessionId: string
  readonly origins = new Set<string>()
  readonly hosts = new Set<string>()
  url = ""
  listening = ""
  private server: Server<undefined> | undefined
  private code = ""
  private readonly waiting = new Map<string, Waiting>()
  private readonly streams = new Map<string, Set<() => void>>()
  private readonly lastSeen = new Map<string, number>()
  private readonly dialogs = new Map<string, UiRequest>()
  private unwatch: (() => void) | undefined
  /** When something last watched the session: a window, or a device's stream. */
  private watchedAt = Date.now()

  constructor(private readonly o: RemoteSessionOptions) {
    this.sessionId = o.sessionId
  }

  /** Listens; throws with the reason when the address cannot be had. */
  start() {
    const { listen, certificate } = this.o
    const handler = webHandler(this, this.o.appDir)
    this.server = Bun.serve({
      hostname: listen.hostname,
      port: listen.port,
      ...(certificate ? { tls: { cert: certificate.cert, key: certificate.key } } : {}),
      // event streams beat every 10 s
      idleTimeout: 30,
      fetch: (req, server) => handler.fetch(req, server.requestIP(req)?.address ?? "?"),
    })
    const port = this.server.port!
    const scheme = certificate ? "https" : "http"
    const names = new Set([listen.linkHost, listen.hostname])
    if (listen.hostname === "127.0.0.1" || listen.hostname === "localhost" || listen.hostname === "0.0.0.0")
      names.add("localhost").add("127.0.0.1")
    for (const n of names) {
      if (n === "0.0.0.0" || n === "::") continue
      const h = urlHost(n, port).toLowerCase()
      this.hosts.add(h)
      this.origins.add(`${scheme}://${h}`)
    }
    this.url = `${scheme}://${urlHost(listen.linkHost, port)}`
    this.listening = `${scheme}://${urlHost(listen.hostname, port)}`
    if (this.o.publicUrl) {
      this.url = this.o.publicUrl.origin
      this.hosts.add(this.o.publicUrl.host)
      this.origins.add(this.o.publicUrl.origin)
    }
    this.code = randomBytes(16).toString("base64url")
    this.unwatch = this.o.host.subscribe(this.sessionId, 0, (e) => this.watch(e))
  }

  /** The pairing link: the code and the certificate's fingerprint after `#`, which no request carries. */
  get link(): string {
    // behind a tunnel the browser sees the tunnel's certificate, not ours
    const fp =
      this.o.certificate && !this.o.publicUrl ? `&fp=${this.o.certificate.fingerprint.replaceAll(":", "")}` : ""
    return `${this.url}/#pair=${this.code}${fp}`
  }

  get fingerprint() {
    return this.o.publicUrl ? undefined : this.o.certificate?.fingerprint
  }

  devices(): RemoteDevice[] {
    return this.o.store.forSession(this.sessionId).map((d) => ({
      id: d.id,
      name: d.name,
      pairedAt: d.pairedAt,
      lastSeen: this.lastSeen.get(d.id),
      connected: (this.streams.get(d.id)?.size ?? 0) > 0,
    }))
  }

  requests(): PairRequest[] {
    this.expire()
    return [...this.waiting.values()].filter((w) => !w.answer).map((w) => w.request)
  }

  private watch(e: EventEnvelope) {
    const ev = e.event
    if (ev.type === "snapshot") {
      this.dialogs.clear()
      for (const r of ev.snapshot.ui.pending) this.dialogs.set(r.id, r)
    } else if (ev.type === "ui_request" || ev.type === "ui_update") this.dialogs.set(ev.request.id, ev.request)
    else if (ev.type === "ui_resolved") this.dialogs.delete(ev.requestId)
    else if (ev.type === "closed") this.o.ended()
  }

  // ── WebSession ──

  log(msg: string) {
    this.o.log(msg)
  }

  pair(code: string, name: string, address: string) {
    this.expire()
    if (!sameSecret(code, this.code))
      throw new ProtocolError("refused", "this pairing link was used already or is out of date: ask for a new one")
    if (this.requests().length >= MAX_WAITING_REQUESTS)
      throw new ProtocolError("refused", "too many devices are waiting to pair: answer them in the window first")
    // one code, one request: a replayed link pairs nobody
    this.code = randomBytes(16).toString("base64url")
    const request: PairRequest = {
      id: randomBytes(6).toString("hex"),
      name: terminalLine(name).slice(0, 60) || "a browser",
      address: terminalLine(address).slice(0, 60),
      at: Date.now(),
    }
    const secret = randomBytes(24).toString("base64url")
    this.waiting.set(request.id, { request, secret, waiters: new Set() })
    this.o.log(`remote control: ${request.name} at ${request.address} asks to pair with session ${this.sessionId}`)
    this.o.changed()
    return { requestId: request.id, secret }
  }

  async waitPair(requestId: string, secret: string, signal: AbortSignal): Promise<PairAnswer> {
    const w = this.waiting.get(requestId)
    if (!w || !sameSecret(secret, w.secret)) throw new ProtocolError("not_found", "no such pair request")
    if (!w.answer) await wakeOrTimeout(w.waiters, WAIT_MS, signal)
    const answer = w.answer ?? { state: "waiting" }
    // the token is handed over once
    if (answer.state !== "waiting") this.waiting.delete(requestId)
    return answer
  }

  /** The person's answer in the window. */
  decide(requestId: string, allow: boolean) {
    const w = this.waiting.get(requestId)
    if (!w || w.answer) throw new ProtocolError("not_found", "that pair request is gone (answered, or it expired)")
    if (allow) {
      const { device, token } = this.o.store.add(this.sessionId, w.request.name)
      w.answer = { state: "allowed", token, deviceId: device.id }
      this.o.log(`remote control: device ${device.id} (${device.name}) paired with session ${this.sessionId}`)
    } else {
      w.answer = { state: "refused" }
      this.o.log(`remote control: ${w.request.name} refused`)
    }
    for (const fn of [...w.waiters]) fn()
    this.o.changed()
  }

  revoke(deviceId: string) {
    const d = this.o.store.forSession(this.sessionId).find((x) => x.id === deviceId)
    if (!d) throw new ProtocolError("not_found", "no such device")
    this.o.store.remove(deviceId)
    this.cut(deviceId)
    this.o.log(`remote control: device ${deviceId} revoked`)
    this.o.changed()
  }

  device(token: string): StoredDevice | undefined {
    const d = this.o.store.byToken(token)
    if (!d) return undefined
    if (d.sessionId !== this.sessionId) return undefined
    this.lastSeen.set(d.id, Date.now())
    return d
  }

  async call(device: StoredDevice, method: unknown, params: unknown) {
    const call = deviceCall(method, params, {
      sessionId: this.sessionId,
      cwd: this.o.cwd,
      pending: (id) => this.dialogs.get(id),
    })
    return await this.o.host.request(call.method, call.params, { sessions: [this.sessionId] })
  }

  stream(device: StoredDevice, after: number, send: (e: EventEnvelope) => boolean, end: () => void) {
    const set = this.streams.get(device.id) ?? new Set()
    this.streams.set(device.id, set)
    let unsub: (() => void) | undefined
    const close = () => {
      if (!set.delete(close)) return
      unsub?.()
      end()
      this.o.changed()
    }
    set.add(close)
    try {
      unsub = this.o.host.subscribe(this.sessionId, after, (e) => {
        if (!send(e) || e.event.type === "closed") close()
      })
    } catch (e) {
      close()
      throw e
    }
    this.o.changed()
    return close
  }

  whoami(device: StoredDevice) {
    return { deviceId: device.id, name: device.name, sessionId: this.sessionId, cwd: this.o.cwd }
  }

  /** Streams open now, of every device. */
  private openStreams(): number {
    let n = 0
    for (const set of this.streams.values()) n += set.size
    return n
  }

  /**
   * How long nobody has watched: no window on the session (its subscribers less this daemon's own
   * and the devices' streams) and no device stream open.
   */
  unwatchedFor(subscribers: number, now = Date.now()): number {
    const windows = subscribers - 1 - this.openStreams()
    if (windows > 0 || this.openStreams() > 0) this.watchedAt = now
    return now - this.watchedAt
  }

  // ──

  private cut(deviceId: string) {
    for (const close of [...(this.streams.get(deviceId) ?? [])]) close()
    this.streams.delete(deviceId)
  }

  private expire() {
    const now = Date.now()
    for (const [id, w] of this.waiting)
      if (now - w.request.at > PAIR_TTL_MS) {
        w.answer ??= { state: "refused" }
        for (const fn of [...w.waiters]) fn()
        this.waiting.delete(id)
      }
  }

  /** Remote control of this session is over: every stream and waiting browser is let go. */
  stop() {
    this.unwatch?.()
    for (const id of [...this.streams.keys()]) this.cut(id)
    for (const w of this.waiting.values()) {
      w.answer ??= { state: "refused" }
      for (const fn of [...w.waiters]) fn()
    }
    this.waiting.clear()
    void this.server?.stop(true)
    this.server = undefined
  }
}
