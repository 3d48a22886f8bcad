// One C# helper process: NDJSON requests {id, m, p} and replies {id, ok, r | e}, events {ev}.
// A request cut off by its signal waits a bounded time for its reply; a helper that does not
// answer then is retired (killed) and the next request starts a new one.
import { spawn, type ChildProcess } from "node:child_process"
import { lineReader } from "./protocol"
import { ComputerError, type Code } from "./protocol"

export interface HelperEvents {
  event(ev: string, msg: Record<string, unknown>): void
  exit(code: number | null): void
  log(line: string): void
}

export class HelperProc {
  private proc?: ChildProcess
  private seq = 0
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>()
  private ready?: Promise<void>

  constructor(
    readonly name: string,
    private readonly exe: string,
    private readonly args: string[],
    private readonly events: HelperEvents,
  ) {}

  get pid() {
    return this.proc?.pid
  }

  start(): Promise<void> {
    if (this.ready) return this.ready
    const proc = spawn(this.exe, this.args, { stdio: ["pipe", "pipe", "pipe"], windowsHide: true })
    this.proc = proc
    this.ready = new Promise((resolve, reject) => {
      proc.on("error", (e) => reject(new ComputerError("NATIVE_HELPER_UNAVAILABLE", `${this.name}: ${e.message}`)))
      proc.stdout!.on(
        "data",
        lineReader((line) => {
          let msg: Record<string, unknown>
          try {
            msg = JSON.parse(line) as Record<string, unknown>
          } catch {
            return this.events.log(`${this.name}: unreadable line ${line.slice(0, 200)}`)
          }
          if (msg.ev === "ready") return resolve()
          if (typeof msg.ev === "string") return this.events.event(msg.ev, msg)
          const p = this.pending.get(Number(msg.id))
          this.pending.delete(Number(msg.id))
          if (!p) return
          const e = msg.e as { code?: string; message?: string; effect?: string } | undefined
          if (msg.ok) p.resolve(msg.r)
          else
            p.reject(
              new ComputerError(
                (e?.code ?? "NATIVE_HELPER_UNAVAILABLE") as Code,
                `${e?.message ?? "failed"}`,
                e?.effect === "unknown" ? "unknown" : "none",
              ),
            )
        }),
      )
    })
    proc.stderr!.on("data", (d: Buffer) => this.events.log(`${this.name} stderr: ${d.toString().trimEnd()}`))
    proc.stdin!.on("error", () => {})
    proc.on("exit", (code) => {
      for (const p of this.pending.values())
        p.reject(new ComputerError("NATIVE_HELPER_UNAVAILABLE", `The ${this.name} helper exited (${code})`, "unknown"))
      this.pending.clear()
      this.proc = undefined
      this.ready = undefined
      this.events.exit(code)
    })
    return this.ready
  }

  async request<T = Record<string, unknown>>(
    m: string,
    p: Record<string, unknown> = {},
    signal?: AbortSignal,
    graceMs = 1_000,
  ): Promise<T> {
    await this.start()
    const id = ++this.seq
    const reply = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.proc!.stdin!.write(JSON.stringify({ id, m, p }) + "\n")
    })
    if (!signal) return reply
    const cut = new Promise<never>((_, reject) => {
      const onAbort = () =>
        setTimeout(() => {
          // Still no answer: retire this helper (a hung UIA read must not hold the worker).
          if (this.pending.has(id)) this.kill()
          reject(signal.reason)
        }, graceMs)
      if (signal.aborted) onAbort()
      else signal.addEventListener("abort", onAbort, { once: true })
    })
    return Promise.race([reply, cut])
  }

  kill() {
    this.proc?.kill()
  }

  /** Closing stdin ends the helper's loop; true when it exited within `ms`. */
  async close(ms: number): Promise<boolean> {
    const proc = this.proc
    if (!proc) return true
    const exited = new Promise<boolean>((r) => proc.once("exit", () => r(true)))
    proc.stdin?.end()
    const ok = await Promise.race([exited, new Promise<boolean>((r) => setTimeout(() => r(false), ms))])
    if (!ok) proc.kill()
    return ok
  }
}
