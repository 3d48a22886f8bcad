// The client: one worker per Pi session, started on the first call. Requests go FIFO, one in
// flight; each deadline starts when it is sent. An abort drops a queued request unsent; an
// in-flight one gets `cancel` and waits for the final reply and the release acknowledgement (else
// the worker is killed and the effect is unknown). A crash fails what was pending; the next call
// starts a worker of a new epoch, within the restart budget. Nothing is ever sent twice.
import type { Effect } from "../../src/common/computer-use"
import type { Launcher } from "./launcher"
import { deadlineFor, mutating } from "./methods"
import type { Disposed, Released, Response, WireError, WorkerEvent } from "./protocol"
import { wireError, WorkerProcess } from "./worker-process"

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
const err = wireError

export class WorkerClient {
  private live?: WorkerProcess
  private starting?: Promise<WorkerProcess | WireError>
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

  /** The live worker's epoch; undefined when none runs (nothing to end or configure then). */
  get currentEpoch() {
    return this.live && !this.live.gone ? this.live.epoch : undefined
  }

  call(
    method: string,
    params: Record<string, unknown>,
    opts: { op?: string; signal?: AbortSignal } = {},
  ): Promise<Outcome> {
    const epoch = this.epoch
    if (this.closed) return Promise.resolve({ ok: false, error: err("CANCELLED", "The session is closing"), epoch })
    if (this.denied.includes(method))
      return Promise.resolve({
        ok: false,
        error: err("TOOL_DENIED", `${method} is denied by the person's settings`),
        epoch,
      })
    if (opts.signal?.aborted)
      return Promise.resolve({ ok: false, error: err("CANCELLED", "Aborted before it was sent"), epoch })
    if (this.queue.length >= this.t.queueMax)
      return Promise.resolve({
        ok: false,
        error: err("QUEUE_FULL", `More than ${this.t.queueMax} calls are waiting`),
        epoch,
      })
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
    if (job.signal?.aborted)
      return { ok: false, error: err("CANCELLED", "Aborted before it was sent"), epoch: live.epoch }
    const id = `${live.epoch}-${++this.seq}`
    const deadline = deadlineFor(job.method, job.params, this.t.deadlineBase)
    const may = mutating(job.method) ? "unknown" : "none"
    const reply = live.expect<Response>(id)
    let released: Promise<Released | { type: "exited" }> | undefined
    let cancelled: "CANCELLED" | "TIMEOUT" = "CANCELLED"
    // One grace window, from the cancel, for both the final reply and the release acknowledgement.
    let graceTimer: ReturnType<typeof setTimeout> | undefined
    let graceOut!: (v: "grace") => void
    const grace = new Promise<"grace">((r) => (graceOut = r))
    const cancel = (code: "CANCELLED" | "TIMEOUT") => {
      if (released) return
      cancelled = code
      released = live.expect<Released>(`released:${id}`)
      graceTimer = setTimeout(() => graceOut("grace"), this.t.cancelGraceMs)
      live.write({ type: "cancel", id })
    }
    const onAbort = () => cancel("CANCELLED")
    job.signal?.addEventListener("abort", onAbort, { once: true })
    // The deadline starts now, at dispatch.
    const timer = setTimeout(() => cancel("TIMEOUT"), deadline)
    live.write({ type: "request", id, op: job.op, method: job.method, params: job.params, deadlineMs: deadline })
    try {
      const first = await Promise.race([reply, grace])
      if (first === "grace") return this.killed(live, cancelled, may, "no reply to cancel")
      if (first.type === "exited")
        return { ok: false, error: err("WORKER_EXITED", "The worker exited mid-call", may), epoch: live.epoch }
      const o = outcome(first, live.epoch)
      if (!released) return o
      const ack = await Promise.race([released, grace])
      if (ack === "grace" || ack.type === "exited")
        return this.killed(live, cancelled, may, "no release acknowledgement")
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

  private killed(live: WorkerProcess, code: "CANCELLED" | "TIMEOUT", effect: Effect, why: string): Outcome {
    this.hooks.log(`epoch ${live.epoch}: ${why} within ${this.t.cancelGraceMs} ms; killed the worker`)
    live.kill()
    return {
      ok: false,
      epoch: live.epoch,
      error: err(
        code,
        `${code === "TIMEOUT" ? "Timed out" : "Cancelled"}; the worker did not confirm (${why}) and was stopped`,
        effect,
      ),
    }
  }

  private async worker(): Promise<WorkerProcess | WireError> {
    if (this.live && !this.live.gone) return this.live
    this.starting ??= this.start().finally(() => (this.starting = undefined))
    return this.starting
  }

  private async start(): Promise<WorkerProcess | WireError> {
    const now = Date.now()
    this.starts = this.starts.filter((t) => now - t < this.t.restartWindowMs)
    if (this.starts.length > this.t.restartMax) {
      this.hooks.exit({ epoch: this.epoch, code: null, unavailable: true })
      return err(
        "WORKER_EXITED",
        `The worker exited ${this.t.restartMax} times within ${this.t.restartWindowMs / 1000} s; computer-use is off until the session restarts`,
      )
    }
    this.starts.push(now)
    const epoch = ++this.epoch
    const live = new WorkerProcess(epoch, this.launcher.command(epoch), {
      event: (e) => this.hooks.event(e),
      log: (l) => this.hooks.log(l),
      exit: (code) => {
        // What waited for this worker fails with it (never sent, so nothing was done).
        if (!this.closed)
          for (const j of this.queue.splice(0))
            j.resolve({ ok: false, error: err("WORKER_EXITED", "The worker exited before this call was sent"), epoch })
        this.hooks.exit({ epoch, code, unavailable: false })
      },
    })
    this.live = live
    const hello = await live.ready(this.t.helloMs)
    if ("code" in hello) {
      if (hello.code === "NATIVE_HELPER_UNAVAILABLE") this.hooks.exit({ epoch, code: null, unavailable: true })
      return hello
    }
    // Settings first: the worker re-checks the denied methods whatever a request says.
    live.write({
      type: "request",
      id: `configure-${epoch}`,
      method: "configure",
      params: { denied: this.denied },
      deadlineMs: null,
    })
    return live
  }

  /** dispose → ≤ ack wait → ≤ exit wait → kill the tree. The ack, not the exit, proves cleanup. */
  async dispose(): Promise<DisposeReport> {
    this.closed = true
    for (const j of this.queue.splice(0))
      j.resolve({ ok: false, error: err("CANCELLED", "The session closed"), epoch: this.epoch })
    const live = this.live
    if (!live || live.gone) return { acked: true, released: [], retained: [] }
    const ack = live.expect<Disposed>("disposed")
    live.write({ type: "dispose", id: `dispose-${live.epoch}` })
    const wait = <T>(p: Promise<T>, ms: number) =>
      Promise.race([p, new Promise<"late">((r) => setTimeout(() => r("late"), ms))])
    const got = await wait(ack, this.t.disposeAckMs)
    const acked = got !== "late" && got.type === "disposed"
    if ((await wait(live.exited, this.t.disposeExitMs)) === "late" || !acked) live.kill()
    if (acked) return { acked, ...(got as Disposed).cleanup }
    const report = {
      acked,
      released: [],
      retained: ["held keys or buttons (unconfirmed)", "desktop ownership (unconfirmed)"],
    }
    this.hooks.log(
      `dispose: no acknowledgement within ${this.t.disposeAckMs} ms; killed; may retain: ${report.retained.join(", ")}`,
    )
    return report
  }
}

function outcome(m: Response, epoch: number): Outcome {
  return m.ok ? { ok: true, result: m.result, epoch } : { ok: false, error: m.error, epoch }
}
