// The simulated backend: the real worker drives it in tests as it drives Windows elsewhere. It
// acts on SimDesktop, writes each action that reached the "desktop" to the effects file, really
// contends for an O_EXCL lock file with other sessions' sims, reads stops from a control file (as
// a real `stopped` event) and injects the scenario's faults. Only tests reach it (the factory's
// launcher); the model, settings and environment cannot.
import { spawn, type ChildProcess } from "node:child_process"
import { appendFileSync, existsSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs"
import type { Backend, BackendEvents, CallContext, CallResult } from "../backend"
import { ComputerError } from "../protocol"
import { takeControl } from "./control"
import { solidPng } from "./png"
import type { Fault, Scenario } from "./scenario"
import { SimDesktop } from "./sim-desktop"
import { simMethod } from "./sim-methods"

export class SimBackend implements Backend {
  readonly host = "win32" as const
  readonly d: SimDesktop
  private helper?: ChildProcess
  private events?: BackendEvents
  private poll?: ReturnType<typeof setInterval>
  private held = false
  readonly faultIds = new Map<string, Fault>()

  constructor(
    readonly s: Scenario,
    readonly epoch: number,
  ) {
    this.d = new SimDesktop(s, epoch)
  }

  trace(what: string) {
    appendFileSync(this.s.tracePath, `${this.epoch} ${what}\n`)
  }

  /** The next fault for `method`, used up as it is taken. */
  fault(method: string): Fault | undefined {
    const faults = this.s.faults ?? []
    const i = faults.findIndex((f) => f.method === method && (f.epoch === undefined || f.epoch === this.epoch))
    const f = faults[i]
    if (!f) return undefined
    if (f.times !== 0) {
      const left = (f.times ?? 1) - 1
      if (left <= 0) faults.splice(i, 1)
      else f.times = left
    }
    return f
  }

  async start(events: BackendEvents) {
    this.events = events
    // A stand-in helper process that dies with the worker (the native job object's job).
    this.helper = spawn(
      process.execPath,
      ["-e", "process.stdin.on('end',()=>process.exit(0));process.stdin.resume()"],
      {
        stdio: ["pipe", "ignore", "ignore"],
      },
    )
    this.poll = setInterval(() => this.readControl(), 10)
    return { capabilities: ["uia", "capture", "ocr", "input"], helperPids: this.helper.pid ? [this.helper.pid] : [] }
  }

  /** Applies the test's control lines: a stop, a clock step or a re-marked window. */
  readControl() {
    for (const line of takeControl(this.s.controlPath)) {
      const [cmd, arg] = line.trim().split(/\s+/)
      if (cmd === "stop") this.events?.stopped("the person pressed Esc")
      else if (cmd === "advance") this.d.clock += Number(arg)
      else if (cmd === "remark") this.d.remark(Number(arg))
    }
  }

  async health() {
    this.trace("health")
    if (this.s.faults?.some((f) => f.kind === "no_interactive_desktop"))
      throw new ComputerError(
        "NO_INTERACTIVE_DESKTOP",
        "No interactive desktop in this Windows session (SSH or session 0)",
      )
    return { host: this.host, interactive: true, helpers: "ready" }
  }

  async acquire() {
    this.trace("acquire")
    for (let tries = 0; tries < 2; tries++) {
      try {
        const fd = openSync(this.s.lockPath, "wx")
        writeSync(fd, String(process.pid))
        closeSync(fd)
        return
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err
        const pid = Number(readFileSync(this.s.lockPath, "utf8"))
        if (pid === process.pid) return
        if (pid && alive(pid))
          throw new ComputerError(
            "COMPUTER_USE_BUSY",
            `Another session (pid ${pid}) is using the desktop`,
            "none",
            true,
          )
        rmSync(this.s.lockPath, { force: true })
      }
    }
    throw new ComputerError("COMPUTER_USE_BUSY", "Could not take the desktop", "none", true)
  }

  async release() {
    this.trace("release")
    if (existsSync(this.s.lockPath) && Number(readFileSync(this.s.lockPath, "utf8")) === process.pid)
      rmSync(this.s.lockPath, { force: true })
  }

  async control(active: boolean) {
    this.trace(`control ${active}`)
  }

  async releaseInput() {
    this.trace("releaseInput")
    this.held = false
    return true
  }

  /** Records an action as having reached the desktop. */
  effect(method: string, params: Record<string, unknown>, ctx: CallContext) {
    ctx.markEffect()
    appendFileSync(this.s.effectsPath, JSON.stringify({ epoch: this.epoch, op: ctx.op, method, params }) + "\n")
  }

  hold(ms: number, signal: AbortSignal): Promise<void> {
    this.held = ms > 0
    return sleep(ms, signal).finally(() => (this.held = false))
  }

  async call(method: string, params: Record<string, unknown>, ctx: CallContext): Promise<CallResult> {
    this.readControl()
    this.trace(`call ${method} ${ctx.op ?? "-"}`)
    const f = this.fault(method)
    if (f && ["garble", "split", "coalesce", "stderr", "no_release_ack"].includes(f.kind)) this.faultIds.set(ctx.id, f)
    if (f?.kind === "delay") await sleep(f.ms ?? 0, ctx.signal)
    if (f?.kind === "hang") await new Promise(() => {})
    if (f?.kind === "crash_before") process.exit(70)
    if (f?.kind === "stall_after") {
      this.effect(method, params, ctx)
      await sleep(600_000, ctx.signal)
    }
    const result = await simMethod(this, method, params, ctx).finally(() => this.trace(`end ${method}`))
    if (f?.kind === "crash_after") process.exit(71)
    if (f?.kind === "uncertain")
      throw new ComputerError("NATIVE_HELPER_UNAVAILABLE", "The input helper stopped answering mid-action", "unknown")
    return result
  }

  async preview(params: Record<string, unknown>): Promise<CallResult> {
    this.trace(`preview ${JSON.stringify(params)}`)
    return { text: "Border shown for 2 s (unarmed)", verification: "none" }
  }

  async dispose() {
    this.trace("dispose")
    clearInterval(this.poll)
    const released = ["input", "control"]
    await this.release()
    released.push("ownership")
    this.helper?.kill()
    released.push("helpers")
    return { released, retained: this.held ? ["input"] : [] }
  }

  png(width: number, height: number) {
    return solidPng(width, height, [40, 90, 160]).toString("base64")
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true })
  })
}
