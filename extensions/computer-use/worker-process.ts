// One started worker as the client sees it: the child process, its hello, the replies waited for
// (by request id, `released:<id>` and `disposed`), and its end. Nothing is written to it before
// its hello; an unreadable line fails the one request in flight, not the process.
import { spawn, type ChildProcess } from "node:child_process"
import type { Effect } from "../../src/common/computer-use"
import type { WorkerCommand } from "./launcher"
import {
  encode,
  lineReader,
  parseMessage,
  type Code,
  type FromWorker,
  type Hello,
  type ToWorker,
  type WireError,
  type WorkerEvent,
} from "./protocol"

export const wireError = (code: Code, message: string, effect: Effect = "none"): WireError => ({
  code,
  message,
  effect,
  retryable: false,
})

export interface ProcessHooks {
  event(e: WorkerEvent): void
  log(line: string): void
  exit(code: number | null): void
}

type Exited = { type: "exited" }

export class WorkerProcess {
  readonly proc: ChildProcess
  hello?: Hello
  gone = false
  readonly exited: Promise<number | null>
  private replies = new Map<string, (m: FromWorker | Exited) => void>()
  private helloSeen!: (h: Hello | undefined) => void
  private readonly helloP = new Promise<Hello | undefined>((r) => (this.helloSeen = r))

  constructor(
    readonly epoch: number,
    cmd: WorkerCommand,
    private readonly hooks: ProcessHooks,
  ) {
    let onExit!: (code: number | null) => void
    this.exited = new Promise((r) => (onExit = r))
    const proc = spawn(cmd.command, cmd.args, { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...cmd.env } })
    this.proc = proc
    proc.stdin?.on("error", () => {})
    proc.stderr?.on("data", (d: Buffer) => hooks.log(`worker ${epoch} stderr: ${d.toString().trimEnd()}`))
    proc.stdout?.on(
      "data",
      lineReader((line) => this.onLine(line)),
    )
    proc.on("error", (e) => hooks.log(`worker ${epoch}: ${e.message}`))
    proc.on("exit", (code) => {
      this.gone = true
      this.helloSeen(undefined)
      for (const r of this.replies.values()) r({ type: "exited" })
      this.replies.clear()
      onExit(code)
      hooks.log(`worker ${epoch} exited (${code})`)
      hooks.exit(code)
    })
  }

  /** The hello, or why there is none: it exited first, or it was late (then it is killed). */
  async ready(ms: number): Promise<Hello | WireError> {
    const late = new Promise<"late">((r) => setTimeout(() => r("late"), ms))
    const h = await Promise.race([this.helloP, late])
    if (h !== "late" && h) return (this.hello = h)
    this.kill()
    return h === "late"
      ? wireError("NATIVE_HELPER_UNAVAILABLE", `The worker did not start within ${ms / 1000} s`)
      : wireError("WORKER_EXITED", "The worker exited before it was ready")
  }

  write(msg: ToWorker) {
    if (!this.gone) this.proc.stdin?.write(encode(msg))
  }

  /** The message for `key`, or `exited` when the worker goes first. */
  expect<T extends FromWorker>(key: string): Promise<T | Exited> {
    return new Promise((resolve) => {
      if (this.gone) return resolve({ type: "exited" })
      this.replies.set(key, resolve as (m: FromWorker | Exited) => void)
    })
  }

  /** The worker and the helpers it named: a kill takes the whole tree. */
  kill() {
    for (const pid of [...(this.hello?.helperPids ?? []), this.proc.pid])
      try {
        if (pid) process.kill(pid, "SIGKILL")
      } catch {}
  }

  private settle(key: string, msg: FromWorker) {
    const r = this.replies.get(key)
    this.replies.delete(key)
    r?.(msg)
  }

  private onLine(line: string) {
    const msg = parseMessage<FromWorker>(line)
    if (!this.hello) {
      if (msg?.type === "hello" && msg.epoch === this.epoch) this.helloSeen(msg)
      else this.hooks.log(`worker ${this.epoch}: ignored before hello: ${line.slice(0, 200)}`)
      return
    }
    if (!msg || (msg.type === "response" && msg.id === null)) {
      this.hooks.log(`worker ${this.epoch}: unreadable line: ${line.slice(0, 200)}`)
      const key = [...this.replies.keys()].find((k) => !k.startsWith("released:") && k !== "disposed")
      const error = wireError(
        "PROTOCOL_ERROR",
        "The worker's reply was unreadable; observe before acting again",
        "unknown",
      )
      if (key) this.settle(key, { type: "response", id: key, ok: false, error })
      return
    }
    if (msg.type === "response" && msg.id) this.settle(msg.id, msg)
    else if (msg.type === "released") this.settle(`released:${msg.id}`, msg)
    else if (msg.type === "disposed") this.settle("disposed", msg)
    else if (msg.type === "event") this.hooks.event(msg)
  }
}
