// The client: one worker per Pi session, started on the first call. Requests go FIFO, one in
// flight; each deadline starts when it is sent. An abort drops a queued request unsent; an
// in-flight one gets `cancel` and waits for the final reply and the release acknowledgement (else
// the worker is killed and the effect is unknown). A crash fails what was pending; the next call
// starts a worker of a new epoch, within the restart budget. Nothing is ever sent twice.
import { spawn, type ChildProcess } from "node:child_process"
import type { Effect } from "../../src/protocol/computer-use"
import type { Launcher } from "./launcher"
import { deadlineFor, mutating } from "./methods"
import {
  encode,
  lineReader,
  parseMessage,
  type Code,
  type Disposed,
  type FromWorker,
  type Hello,
  type Response,
  type WireError,
  type WorkerEvent,
} from "./protocol"

export interface ClientTiming {
  helloMs: number
  cancelGraceMs: number
  disposeAckMs: number
  disposeExitMs: number
  restartWindowMs: number
  restartMax: number
  queueMax: number
  /** Per-class default deadlines (methods.ts), tests shorten them. */
  deadlineBase?: Parameters<typeof deadlineFor>[2]
}
export const DEFAULT_TIMING: ClientTiming = {
  helloMs: 30_000,
  cancelGraceMs: 2_000,
  disposeAckMs: 5_000,
  disposeExitMs: 2_000,
  restartWindowMs: 60_000,
  restartMax: 3,
  queueMax: 8,
}

export type Outcome = { ok: true; result: unknown; epoch: number } | { ok: false; error: WireError; epoch: number }
export interface DisposeReport {
  acked: boolean
  released: string[]
  retained: string[]
}
export interface ClientHooks {
  event(e: WorkerEvent): void
  /** The worker is gone (crash, kill or dispose); `unavailable` when no new one will start. */
  exit(info: { epoch: number; code: number | null; unavailable: boolean }): void
  log(line: string): void
}

interface Job {
  method: string
  params: Record<string, unknown>
  op?: string
  signal?: AbortSignal
  resolve(o: Outcome): void
}
interface Live {
  proc: ChildProcess
  epoch: number
  hello?: Hello
  replies: Map<string, (m: Response | Disposed | { type: "released"; inputReleased: boolean }) => void>
  exited: Promise<number | null>
  gone: boolean
}

const err = (code: Code, message: string, effect: Effect = "none"): WireError => ({ code, message, effect, retryable: false })

export class WorkerClient {
  private live?: Live
  private starting?: Promise<Live | WireError>
  private queue: Job[] = []
  private busy = false
  private epoch = 0
  private seq = 0
  private starts: number[] = []
  private closed = false
  denied: string[] = []

  constructor(
    private readonly launcher: Launcher,
    private readonly hooks: ClientHooks,
    private readonly t: ClientTiming = DEFAULT_TIMING,
  ) {}

  get currentEpoch() {
    return this.live?.epoch
  }
  get workerPids(): number[] {
    const l = this.live
    return l && !l.gone ? [l.proc.pid ?? 0, ...(l.hello?.helperPids ?? [])].filter(Boolean) : []
  }

  call(method: string, params: Record<string, unknown>, opts: { op?: string; signal?: AbortSignal } = {}): Promise<Outcome> {
    const epoch = this.epoch
    if (this.closed) return Promise.resolve({ ok: false, error: err("CANCELLED", "The session is closing"), epoch })
    if (this.denied.includes(method))
      return Promise.resolve({ ok: false, error: err("TOOL_DENIED", `${method} is denied by the person's settings`), epoch })
    if (opts.signal?.aborted) return Promise.resolve({ ok: false, error: err("CANCELLED", "Aborted before it was sent"), epoch })
    if (this.queue.length >= this.t.queueMax)
      return Promise.resolve({ ok: false, error: err("QUEUE_FULL", `More than ${this.t.queueMax} calls are waiting`), epoch })
    return new Promise((resolve) => {
      const job: Job = { method, params, op: opts.op, signal: opts.signal, resolve }
      // Queued and aborted: dropped, never sent.
      const onAbort = () => {
        const i = this.queue.indexOf(job)
        if (i < 0) return
        this.queue.splice(i, 1)
        resolve({ ok: false, error: err("CANCELLED", "Aborted while queued; it was never sent"), epoch: this.epoch })
      }
      opts.signal?.addEventListener("abort", onAbort, { once: true })
      this.queue.push(job)
      void this.pump()
    })
  }

  private async pump(): Promise<void> {
    if (this.busy) return
    const job = this.queue.shift()
    if (!job) return
    this.busy = true
    try {
      job.resolve(await this.run(job))
    } finally {
      this.busy = false
      void this.pump()
    }
  }

  private async run(job: Job): Promise<Outcome> {
    const live = await this.worker()
    if ("code" in live) return { ok: false, error: live, epoch: this.epoch }
    if (job.signal?.aborted) return { ok: false, error: err("CANCELLED", "Aborted before it was sent"), epoch: live.epoch }
    const id = `${live.epoch}-${++this.seq}`
    const deadline = deadlineFor(job.method, job.params, this.t.deadlineBase)
    const may = mutating(job.method) ? "unknown" : "none"
    const reply = this.expect<Response>(live, id)
    let released: Promise<{ type: "released"; inputReleased: boolean } | { type: "exited" }> | undefined
    let cancelled: "CANCELLED" | "TIMEOUT" = "CANCELLED"
    // One grace window, from the cancel, for both the final reply and the release acknowledgement.
    let graceTimer: ReturnType<typeof setTimeout> | undefined
    let graceOut!: (v: "grace") => void
    const grace = new Promise<"grace">((r) => (graceOut = r))
    const cancel = (code: "CANCELLED" | "TIMEOUT") => {
      if (released) return
      cancelled = code
      released = this.expect<{ type: "released"; inputReleased: boolean }>(live, `released:${id}`)
      graceTimer = setTimeout(() => graceOut("grace"), this.t.cancelGraceMs)
      live.proc.stdin?.write(encode({ type: "cancel", id }))
    }
    const onAbort = () => cancel("CANCELLED")
    job.signal?.addEventListener("abort", onAbort, { once: true })
    // The deadline starts now, at dispatch.
    const timer = setTimeout(() => cancel("TIMEOUT"), deadline)
    live.proc.stdin?.write(
      encode({ type: "request", id, op: job.op, method: job.method, params: job.params, deadlineMs: deadline }),
    )
    try {
      const first = await Promise.race([reply, grace])
      if (first === "grace") return this.killed(live, cancelled, may, "no reply to cancel")
      if (first.type === "exited")
        return { ok: false, error: err("WORKER_EXITED", "The worker exited mid-call", may), epoch: live.epoch }
      const o = outcome(first, live.epoch)
      if (!released) return o
      const ack = await Promise.race([released, grace])
      if (ack === "grace" || ack.type === "exited") return this.killed(live, cancelled, may, "no release acknowledgement")
      if (o.ok) return o
      const code = o.error.code === "CANCELLED" ? cancelled : o.error.code
      const details = { ...o.error.details, inputReleased: ack.inputReleased }
      return { ok: false, epoch: live.epoch, error: { ...o.error, code, details } }
    } finally {
      clearTimeout(timer)
      clearTimeout(graceTimer)
      job.signal?.removeEventListener("abort", onAbort)
    }
  }

  private killed(live: Live, code: "CANCELLED" | "TIMEOUT", effect: Effect, why: string): Outcome {
    this.hooks.log(`epoch ${live.epoch}: ${why} within ${this.t.cancelGraceMs} ms; killed the worker`)
    this.kill(live)
    return { ok: false, epoch: live.epoch, error: err(code, `${code === "TIMEOUT" ? "Timed out" : "Cancelled"}; the worker did not confirm (${why}) and was stopped`, effect) }
  }

  /** A reply for `key`, or `exited` when the worker goes first. */
  private expect<T>(live: Live, key: string): Promise<T | { type: "exited" }> {
    return new Promise((resolve) => {
      if (live.gone) return resolve({ type: "exited" })
      live.replies.set(key, resolve as never)
    })
  }

  private async worker(): Promise<Live | WireError> {
    if (this.live && !this.live.gone) return this.live
    this.starting ??= this.start().finally(() => (this.starting = undefined))
    return this.starting
  }

  private async start(): Promise<Live | WireError> {
    const now = Date.now()
    this.starts = this.starts.filter((t) => now - t < this.t.restartWindowMs)
    if (this.starts.length > this.t.restartMax) {
      this.hooks.exit({ epoch: this.epoch, code: null, unavailable: true })
      return err("WORKER_EXITED", `The worker exited ${this.t.restartMax} times within ${this.t.restartWindowMs / 1000} s; computer-use is off until the session restarts`)
    }
    this.starts.push(now)
    const epoch = ++this.epoch
    const cmd = this.launcher.command(epoch)
    const proc = spawn(cmd.command, cmd.args, { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...cmd.env } })
    let onExit!: (code: number | null) => void
    const live: Live = { proc, epoch, replies: new Map(), gone: false, exited: new Promise((r) => (onExit = r)) }
    this.live = live
    let helloSeen!: (h: Hello | undefined) => void
    const hello = new Promise<Hello | undefined>((r) => (helloSeen = r))
    proc.stdin?.on("error", () => {})
    proc.stderr?.on("data", (d: Buffer) => this.hooks.log(`worker ${epoch} stderr: ${d.toString().trimEnd()}`))
    proc.stdout?.on("data", lineReader((line) => this.onLine(live, line, helloSeen)))
    proc.on("error", (e) => this.hooks.log(`worker ${epoch}: ${e.message}`))
    proc.on("exit", (code) => {
      live.gone = true
      helloSeen(undefined)
      for (const r of live.replies.values()) r({ type: "exited" } as never)
      live.replies.clear()
      onExit(code)
      this.hooks.log(`worker ${epoch} exited (${code})`)
      // What waited for this worker fails with it (never sent, so nothing was done).
      if (!this.closed)
        for (const j of this.queue.splice(0))
          j.resolve({ ok: false, error: err("WORKER_EXITED", "The worker exited before this call was sent"), epoch })
      this.hooks.exit({ epoch, code, unavailable: false })
    })
    const timer = new Promise<"late">((r) => setTimeout(() => r("late"), this.t.helloMs))
    const h = await Promise.race([hello, timer])
    if (h === "late" || !h) {
      this.kill(live)
      if (h === "late") this.hooks.exit({ epoch, code: null, unavailable: true })
      return h === "late"
        ? err("NATIVE_HELPER_UNAVAILABLE", `The worker did not start within ${this.t.helloMs / 1000} s`)
        : err("WORKER_EXITED", "The worker exited before it was ready")
    }
    live.hello = h
    // Settings first: the worker re-checks the denied methods whatever a request says.
    proc.stdin?.write(encode({ type: "request", id: `configure-${epoch}`, method: "configure", params: { denied: this.denied }, deadlineMs: null }))
    return live
  }

  private onLine(live: Live, line: string, hello: (h: Hello) => void) {
    const msg = parseMessage<FromWorker>(line)
    if (!live.hello) {
      if (msg?.type === "hello" && msg.epoch === live.epoch) hello(msg)
      else this.hooks.log(`worker ${live.epoch}: ignored before hello: ${line.slice(0, 200)}`)
      return
    }
    if (!msg || (msg.type === "response" && msg.id === null)) {
      // An unreadable line fails the one request in flight (there is only one), not the worker.
      this.hooks.log(`worker ${live.epoch}: unreadable line: ${line.slice(0, 200)}`)
      const key = [...live.replies.keys()].find((k) => !k.startsWith("released:") && !k.startsWith("disposed"))
      if (key) this.settle(live, key, { type: "response", id: key, ok: false, error: err("PROTOCOL_ERROR", "The worker's reply was unreadable; observe before acting again", "unknown") })
      return
    }
    if (msg.type === "response" && msg.id) this.settle(live, msg.id, msg)
    else if (msg.type === "released") this.settle(live, `released:${msg.id}`, msg)
    else if (msg.type === "disposed") this.settle(live, "disposed", msg)
    else if (msg.type === "event") this.hooks.event(msg)
  }

  private settle(live: Live, key: string, msg: never | FromWorker) {
    const r = live.replies.get(key)
    live.replies.delete(key)
    r?.(msg as never)
  }

  private kill(live: Live) {
    for (const pid of [...(live.hello?.helperPids ?? []), live.proc.pid])
      try {
        if (pid) process.kill(pid, "SIGKILL")
      } catch {}
  }

  /** dispose → ≤ ack wait → ≤ exit wait → kill the tree. The ack, not the exit, proves cleanup. */
  async dispose(): Promise<DisposeReport> {
    this.closed = true
    for (const j of this.queue.splice(0)) j.resolve({ ok: false, error: err("CANCELLED", "The session closed"), epoch: this.epoch })
    const live = this.live
    if (!live || live.gone) return { acked: true, released: [], retained: [] }
    const ack = this.expect<Disposed>(live, "disposed")
    live.proc.stdin?.write(encode({ type: "dispose", id: `dispose-${live.epoch}` }))
    const wait = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<"late">((r) => setTimeout(() => r("late"), ms))])
    const got = await wait(ack, this.t.disposeAckMs)
    const acked = got !== "late" && got.type === "disposed"
    if ((await wait(live.exited, this.t.disposeExitMs)) === "late" || !acked) this.kill(live)
    if (acked) return { acked, ...(got as Disposed).cleanup }
    const report = { acked, released: [], retained: ["held keys or buttons (unconfirmed)", "desktop ownership (unconfirmed)"] }
    this.hooks.log(`dispose: no acknowledgement within ${this.t.disposeAckMs} ms; killed; may retain: ${report.retained.join(", ")}`)
    return report
  }
}

function outcome(m: Response, epoch: number): Outcome {
  return m.ok ? { ok: true, result: m.result, epoch } : { ok: false, error: m.error, epoch }
}
