// The broker's side of one session-host process (host-process.ts): spawns it in the session's
// folder with the window's environment, in a process group of its own, and turns the frames of
// its link (host-link.ts) back into calls through the one caller of host frames
// (runtime/hosting/host-caller.ts). A host that dies fails what was in flight and says how it ended.
import type { Subprocess } from "bun"
import { ProtocolError, type EventEnvelope, type Method, type Params } from "../protocol"
import { HostCaller } from "../runtime/hosting/host-caller"
import type { FromHost, LiveInfo, ToHost } from "../runtime/hosting/host-frames"
import { errorBody } from "../runtime/hosting/serve-frames"
import type { WatchedMethod } from "../common/bundled"
import type { LiveMark } from "../runtime/hosting/held-files"
import { rssBytes } from "./descendants"
import { frameLink, type FrameLink } from "./host-link"
import { spawnHost } from "./host-spawn"
import { withTimeout } from "../util/with-timeout"
import type { EnvChange } from "./spare-host"

const DISPOSE_TIMEOUT_MS = 8000
/** How long a host that answered `dispose` has to exit before it is killed. */
const EXIT_GRACE_MS = 3000
/** How long after the process exits its last frames may still be read from the link. */
const LINK_DRAIN_MS = 1000

export interface HostExit {
  code: number | null
  signal: string | null
  /** Said to the session's windows: what happened, in words. */
  text: string
}

export interface HostChildOptions {
  cwd: string
  env: Record<string, string>
  log(msg: string): void
  /** The host's live sessions changed (one ended by itself: an extension's shutdown). */
  onLive?(sessions: LiveInfo[]): void
  /** A process already started with `cwd` and `env` (the daemon's spare host): taken, not spawned. */
  proc?: Subprocess
  /** What that process changes in its environment first: it started in another terminal pane's (spare-host.ts). */
  envChange?: EnvChange
  /**
   * The host asks for a session in a host of its own, sent `prompt` (host-frames.ts `open`); its
   * id. With `watch`, the host watches it: its events go to `watch`.
   */
  onOpen?(params: Params<"session.open">, prompt: string, watch?: (env: EventEnvelope) => void): Promise<string>
  /** The host asks a request of a session it watches. */
  onCall?(sessionId: string, method: WatchedMethod, params: Record<string, unknown>): Promise<unknown>
}

export class HostChild {
  readonly proc: Subprocess
  readonly ready: Promise<void>
  readonly exited: Promise<HostExit>
  /** The host's live sessions as it last said (running, questions, subscribers). */
  live: LiveInfo[] = []
  /** Set once the broker asked it to end: its exit is not a crash. */
  closing = false
  private gone: HostExit | undefined
  private onReady!: { resolve(): void; reject(e: Error): void }
  private disposing: Promise<void> | undefined
  private readonly link: FrameLink<ToHost>
  private readonly caller: HostCaller

  constructor(opts: HostChildOptions) {
    this.ready = new Promise<void>((resolve, reject) => (this.onReady = { resolve, reject }))
    this.ready.catch(() => {})
    this.caller = new HostCaller({
      send: (frame) => this.link.send(frame),
      // its subscribers are the windows' connections, which only encode what they get
      shareEvents: true,
      ready: () => this.onReady.resolve(),
      failed: (message) =>
        this.onReady.reject(new ProtocolError("failed", `the session host could not start: ${message}`)),
      log: (message) => opts.log(`host ${this.pid}: ${message}`),
      live: (sessions) => {
        this.live = sessions
        opts.onLive?.(sessions)
      },
      open: (f) => {
        const answer = (a: { sessionId?: string; error?: string }) => {
          if (!this.gone) this.link.send({ type: "opened", id: f.id, ...a })
        }
        if (!opts.onOpen) return answer({ error: "this daemon opens no sessions for its hosts" })
        const watch = f.watch
          ? (env: EventEnvelope) => {
              if (!this.gone) this.link.send({ type: "watched", openId: f.id, env })
            }
          : undefined
        opts.onOpen(f.params, f.prompt, watch).then(
          (sessionId) => answer({ sessionId }),
          (e: Error) => answer({ error: e.message }),
        )
      },
      call: (f) => {
        const run = opts.onCall
          ? opts.onCall(f.sessionId, f.method, f.params)
          : Promise.reject(new ProtocolError("failed", "this daemon watches no sessions for its hosts"))
        run.then(
          (result) => !this.gone && this.link.send({ type: "answered", id: f.id, result }),
          (e) => !this.gone && this.link.send({ type: "answered", id: f.id, error: errorBody(e) }),
        )
      },
    })
    this.proc = opts.proc ?? spawnHost(opts.cwd, opts.env)
    let linkClosed!: () => void
    const closed = new Promise<void>((resolve) => (linkClosed = resolve))
    this.link = frameLink<FromHost, ToHost>(this.proc.stdio[3]!, {
      frame: (f) => this.caller.onFrame(f),
      close: linkClosed,
      log: (m) => opts.log(`host ${this.pid}: ${m}`),
    })
    // before any request: the host applies it as it reads it, ahead of the open
    if (opts.envChange) this.link.send({ type: "env", ...opts.envChange })
    // what it said before it ended (a response, "disposed") is read before it counts as gone
    const drained = this.proc.exited.then(() =>
      Promise.race([closed, new Promise<void>((r) => setTimeout(r, LINK_DRAIN_MS).unref())]),
    )
    this.exited = drained.then(() => {
      const code = this.proc.exitCode
      const signal = this.proc.signalCode === null ? null : String(this.proc.signalCode)
      const text = signal ? `was killed (${signal})` : `exited with code ${code}`
      const gone: HostExit = { code, signal, text }
      this.gone = gone
      const why = new ProtocolError("failed", `the session host (pid ${this.pid}) ${text}`)
      this.caller.fail(why)
      this.onReady.reject(why)
      return gone
    })
  }

  get pid(): number {
    return this.proc.pid
  }

  get alive(): boolean {
    return !this.gone
  }

  /** Resident memory of the host process itself. */
  rss(): number {
    return rssBytes(this.pid)
  }

  /** Event frames it sent: one per event, however many windows watch (daemon status). */
  get eventFrames(): number {
    return this.caller.eventFrames
  }

  request(method: Method, params: unknown): Promise<unknown> {
    return this.caller.request(method, params)
  }

  resolveTarget(params: Params<"session.open">): Promise<string | undefined> {
    return this.caller.resolveTarget(params)
  }

  /** Which of `paths` its live session holds, asked now (its last report may not name a new file yet). */
  holds(paths: string[]): Promise<Record<string, LiveMark>> {
    return this.caller.holds(paths)
  }

  subscribe(sessionId: string, after: number, onEvent: (e: EventEnvelope) => void): () => void {
    return this.caller.subscribe(sessionId, after, onEvent)
  }

  /** Subscribers of a session in this host, so a dead host can tell them. */
  subscriberCallbacks(): ((e: EventEnvelope) => void)[] {
    return this.caller.subscribers()
  }

  /** Asks it to end (it disposes its session and ends its tools), then kills it if it does not. */
  dispose(): Promise<void> {
    // asked twice (a close and the daemon's shutdown): both wait for the one ending
    return (this.disposing ??= this.end())
  }

  private async end(): Promise<void> {
    this.closing = true
    if (this.gone) return
    const answered = await withTimeout(
      this.caller.dispose().then(() => true),
      DISPOSE_TIMEOUT_MS,
    )
    // It answered and exits by itself: killed now, its exit handlers would not run, and Pi's lock
    // files (its model catalog's, auth.json's) would stay for every other host to wait out.
    if (answered && !this.gone) await withTimeout(this.exited, EXIT_GRACE_MS)
    if (!this.gone) this.kill()
    await this.exited
  }

  kill() {
    this.closing = true
    try {
      this.proc.kill("SIGKILL")
    } catch {}
  }
}
