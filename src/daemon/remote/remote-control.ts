// The daemon's remote control (`/rc`, `xagent --rc`; docs/adr-remote-control.md): one server per
// session it is on for, the paired devices (device-store.ts), and the `remote.*` requests a
// trusted window sends. Loaded with the first such request, so a daemon that never serves a
// browser never loads it.
import { existsSync } from "node:fs"
import { join } from "node:path"
import { ProtocolError, type DaemonMethod, type DaemonParams, type RemoteStatus } from "../../protocol"
import type { HostApi } from "../../runtime/hosting/host-api"
import { errorText } from "../../util/error-text"
import { PACKAGE_ROOT } from "../../util/package-dir"
import type { Logger } from "../connection"
import { ensureCertificate } from "./certificate"
import { DeviceStore } from "./device-store"
import { parseListen, parsePublicUrl } from "../../util/remote-address"
import { RemoteSession } from "./remote-session"
import { wakeOrTimeout } from "./wake"

/** The web app's files: index.html and app.css from web/remote, app.js built into dist/remote. */
export const PACKAGE_APP_DIR = join(PACKAGE_ROOT, "dist", "remote")

/** How long `remote.status` with `since` waits for a change before it answers anyway. */
const STATUS_WAIT_MS = 25_000
/**
 * Remote control nobody uses turns itself off: no window on the session and no device following
 * it for this long (XAGENT_RC_IDLE_MS). Else a session whose window closed would keep a server
 * listening, and the session alive, until the daemon stops.
 */
const IDLE_MS = Number(process.env.XAGENT_RC_IDLE_MS) || 30 * 60_000

export interface RemoteControlOptions {
  /** XAGENT_HOME: devices and the certificate are kept under `remote/`. */
  home: string
  host(): Promise<HostApi>
  log: Logger
  /** Where the built web app is (XAGENT_REMOTE_APP_DIR, tests). */
  appDir?: string
}

export class RemoteControl {
  private readonly sessions = new Map<string, RemoteSession>()
  private readonly store: DeviceStore
  private readonly waiters = new Set<() => void>()
  private version = 1
  private readonly appDir: string
  private idleCheck: ReturnType<typeof setInterval> | undefined

  constructor(private readonly o: RemoteControlOptions) {
    this.store = new DeviceStore(join(o.home, "remote", "devices.json"))
    this.appDir = o.appDir ?? PACKAGE_APP_DIR
  }

  async request<M extends DaemonMethod>(method: M, params: DaemonParams<M>): Promise<RemoteStatus> {
    const p = params as { sessionId: string } & Record<string, any>
    switch (method) {
      case "remote.start":
        return await this.start(p.sessionId, p.listen, p.publicUrl)
      case "remote.stop":
        this.stop(p.sessionId, "turned off in the window")
        return this.status(p.sessionId)
      case "remote.status":
        if (p.since !== undefined && p.since === this.version) await wakeOrTimeout(this.waiters, STATUS_WAIT_MS)
        return this.status(p.sessionId)
      case "remote.decide":
        this.on(p.sessionId).decide(p.requestId, p.allow)
        return this.status(p.sessionId)
      case "remote.revoke":
        this.on(p.sessionId).revoke(p.deviceId)
        return this.status(p.sessionId)
    }
    throw new ProtocolError("unknown_method", `unknown method ${method}`)
  }

  status(sessionId: string, error?: string): RemoteStatus {
    const s = this.sessions.get(sessionId)
    if (!s) return { on: false, version: this.version, devices: [], requests: [], ...(error ? { error } : {}) }
    return {
      on: true,
      version: this.version,
      url: s.url,
      listening: s.listening,
      link: s.link,
      ...(s.fingerprint ? { fingerprint: s.fingerprint } : {}),
      devices: s.devices(),
      requests: s.requests(),
    }
  }

  private on(sessionId: string): RemoteSession {
    const s = this.sessions.get(sessionId)
    if (!s) throw new ProtocolError("not_found", "remote control is not on for this session")
    return s
  }

  private async start(sessionId: string, listenText?: string, publicText?: string): Promise<RemoteStatus> {
    if (this.sessions.has(sessionId)) return this.status(sessionId)
    const host = await this.o.host()
    const live = host.live().find((s) => s.sessionId === sessionId)
    if (!live) throw new ProtocolError("not_found", `no live session ${sessionId}`)
    const listen = parseListen(listenText)
    if ("error" in listen) return this.status(sessionId, listen.error)
    const publicUrl = publicText === undefined ? undefined : parsePublicUrl(publicText)
    if (publicUrl && "error" in publicUrl) return this.status(sessionId, publicUrl.error)
    if (!existsSync(join(this.appDir, "app.js")))
      return this.status(sessionId, `the web app is not built (${this.appDir}): run npm install in xagent's folder`)
    const session = new RemoteSession({
      sessionId,
      cwd: live.cwd,
      listen,
      publicUrl,
      certificate: listen.secure
        ? ensureCertificate(
            join(this.o.home, "remote"),
            [listen.linkHost].filter((h) => h !== "0.0.0.0"),
          )
        : undefined,
      appDir: this.appDir,
      host,
      store: this.store,
      log: (m) => this.o.log.info(m),
      changed: () => this.changed(),
      ended: () => {
        this.stop(sessionId, "the session ended")
        this.store.removeSession(sessionId)
      },
    })
    try {
      session.start()
    } catch (e) {
      session.stop()
      return this.status(sessionId, `cannot listen on ${listenText ?? "127.0.0.1"}: ${errorText(e)}`)
    }
    this.sessions.set(sessionId, session)
    this.idleCheck ??= setInterval(() => void this.offWhenIdle(), Math.min(60_000, IDLE_MS / 4))
    this.idleCheck.unref?.()
    this.o.log.info(`remote control on for session ${sessionId} at ${session.url}`)
    this.changed()
    return this.status(sessionId)
  }

  private stop(sessionId: string, why: string) {
    const s = this.sessions.get(sessionId)
    if (!s) return
    this.sessions.delete(sessionId)
    s.stop()
    this.o.log.info(`remote control off for session ${sessionId}: ${why}`)
    this.changed()
  }

  private async offWhenIdle() {
    const live = (await this.o.host()).live()
    for (const [id, s] of this.sessions) {
      const subscribers = live.find((l) => l.sessionId === id)?.subscribers ?? 0
      if (s.unwatchedFor(subscribers) >= IDLE_MS)
        this.stop(
          id,
          `nobody watched it for ${IDLE_MS >= 60_000 ? `${Math.round(IDLE_MS / 60_000)} min` : `${Math.round(IDLE_MS / 1000)} s`}`,
        )
    }
    if (!this.sessions.size) {
      clearInterval(this.idleCheck)
      this.idleCheck = undefined
    }
  }

  private changed() {
    this.version++
    for (const fn of [...this.waiters]) fn()
  }

  dispose() {
    clearInterval(this.idleCheck)
    for (const id of [...this.sessions.keys()]) this.stop(id, "the daemon stops")
  }
}
