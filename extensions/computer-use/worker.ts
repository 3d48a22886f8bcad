// The worker: one process per session, speaking NDJSON on stdio (protocol.ts) to the client and
// driving one Backend. It keeps the operation state the client cannot be trusted with alone:
// ownership (taken on the first desktop request, never by health), the stop that blocks the rest
// of an operation, the denied methods (re-checked here, whatever the client sent), one call at a
// time, cancel → final reply → `released`, and dispose → cleanup → `disposed` → exit 0.
import { COMPUTER_TOOLS } from "../../src/common/computer-use"
import type { Backend, CallResult } from "./backend"
import { checkSelectors, classOf, INTERNAL_METHODS } from "./methods"
import {
  ComputerError,
  encode,
  lineReader,
  parseMessage,
  PROTOCOL_VERSION,
  type FromWorker,
  type Request,
  type ToWorker,
  type WireError,
} from "./protocol"

/** How a message reaches stdout; tests' backends may reshape it (split, garble, drop). */
export type Shaper = (msg: FromWorker, write: (text: string) => void) => void | Promise<void>

export interface WorkerOptions {
  backend: Backend
  epoch: number
  input: AsyncIterable<Uint8Array | string>
  write(text: string): void
  shape?: Shaper
  exit(code: number): void
}

interface InFlight {
  id: string
  abort: AbortController
  done: Promise<void>
}

export async function runWorker(o: WorkerOptions): Promise<void> {
  const { backend } = o
  const send = (msg: FromWorker) => (o.shape ? o.shape(msg, o.write) : o.write(encode(msg)))
  const fail = (id: string | null, err: WireError) => send({ type: "response", id, ok: false, error: err })
  let op: string | null = null
  let owned = false
  let controlling = false
  let disposing = false
  let denied = new Set<string>()
  const stopped = new Set<string>()
  let inFlight: InFlight | undefined
  let chain = Promise.resolve()

  const setControl = async (on: boolean) => {
    if (controlling === on) return
    controlling = on
    await backend.control(on)
    void send({ type: "event", name: "control", op: op ?? undefined, active: on })
  }
  const endOperation = async () => {
    await backend.releaseInput()
    await setControl(false)
    if (owned) await backend.release()
    owned = false
    op = null
  }
  const stop = (name: "stopped" | "desktop_lost", reason: string) => {
    if (op) stopped.add(op)
    inFlight?.abort.abort(
      new ComputerError(
        "COMPUTER_USE_STOPPED",
        `Stopped (${reason}); it stays stopped until the person's next message`,
      ),
    )
    void backend.releaseInput().then(() => setControl(false))
    void send({ type: "event", name, op: op ?? undefined, reason })
  }

  // A backend that cannot start (no compiler, no desktop) still says hello: each call then says why.
  let broken: ComputerError | undefined
  const started = await backend
    .start({
      stopped: (reason) => stop("stopped", reason),
      desktopLost: (reason) => stop("desktop_lost", reason),
    })
    .catch((err: unknown) => {
      broken = err instanceof ComputerError ? err : new ComputerError("NATIVE_HELPER_UNAVAILABLE", String(err))
      return { capabilities: [], helperPids: [] }
    })
  await send({
    type: "hello",
    protocol: PROTOCOL_VERSION,
    pid: process.pid,
    epoch: o.epoch,
    host: backend.host,
    ...started,
  })

  const internal = async (req: Request): Promise<unknown> => {
    if (req.method === "health")
      return { ...(await backend.health()), op, owned, stopped: op ? stopped.has(op) : false }
    if (req.method === "configure") {
      const list = req.params.denied
      denied = new Set(Array.isArray(list) ? list.filter((m): m is string => typeof m === "string") : [])
      return { denied: [...denied] }
    }
    if (req.method === "operation_end") {
      const ended = op
      await endOperation()
      return { ended }
    }
    return backend.preview(req.params)
  }

  const desktop = async (req: Request, abort: AbortController): Promise<CallResult> => {
    const cls = classOf(req.method)
    if (!cls) throw new ComputerError("UNKNOWN_METHOD", `Unknown method: ${req.method}`)
    if (!req.params || typeof req.params !== "object" || Array.isArray(req.params))
      throw new ComputerError("INVALID_PARAMS", "params must be an object")
    if (denied.has(req.method))
      throw new ComputerError("TOOL_DENIED", `${req.method} is denied by the person's settings`)
    checkSelectors(req.params)
    const reqOp = req.op ?? null
    if (reqOp !== op) {
      // A new operation: whatever the old one held goes first.
      if (op !== null) await endOperation()
      op = reqOp
    }
    if (op && stopped.has(op))
      throw new ComputerError(
        "COMPUTER_USE_STOPPED",
        "The person stopped computer-use for this request; it stays stopped until their next message",
      )
    if (!owned) {
      await backend.acquire()
      owned = true
    }
    if (cls === "X") await setControl(true)
    let effect = false
    try {
      return await backend.call(req.method, req.params, {
        id: req.id,
        op,
        epoch: o.epoch,
        signal: abort.signal,
        deadlineMs: req.deadlineMs,
        markEffect: () => void (effect = true),
      })
    } catch (err) {
      const e = asError(err, abort.signal)
      throw effect && e.effect === "none" ? new ComputerError(e.code, e.message, "unknown", false, e.details) : e
    }
  }

  const handle = async (req: Request) => {
    if (disposing) return fail(req.id, new ComputerError("CANCELLED", "The worker is shutting down").toWire())
    const abort = new AbortController()
    let resolveDone!: () => void
    inFlight = { id: req.id, abort, done: new Promise((r) => (resolveDone = r)) }
    try {
      const internalMethod = (INTERNAL_METHODS as readonly string[]).includes(req.method)
      if (broken && req.method !== "configure" && req.method !== "operation_end") throw broken
      if (!internalMethod && !Object.hasOwn(COMPUTER_TOOLS, req.method))
        throw new ComputerError("UNKNOWN_METHOD", `Unknown method: ${req.method}`)
      const result = internalMethod ? await internal(req) : await desktop(req, abort)
      await send({ type: "response", id: req.id, ok: true, result })
    } catch (err) {
      await fail(req.id, asError(err, abort.signal).toWire())
    } finally {
      inFlight = undefined
      resolveDone()
    }
  }

  const cancel = async (id: string) => {
    const current = inFlight
    if (current?.id === id) {
      current.abort.abort(new ComputerError("CANCELLED", "Cancelled"))
      await current.done
    }
    const inputReleased = await backend.releaseInput()
    await send({ type: "released", id, inputReleased })
  }

  const dispose = async (id: string) => {
    disposing = true
    inFlight?.abort.abort(new ComputerError("CANCELLED", "The worker is shutting down"))
    await chain
    if (!broken) await endOperation()
    const cleanup = broken ? { released: [], retained: [] } : await backend.dispose()
    await send({ type: "disposed", id, cleanup })
    o.exit(0)
  }

  const onLine = (line: string) => {
    const msg = parseMessage<ToWorker>(line)
    if (!msg) return void fail(null, new ComputerError("PROTOCOL_ERROR", "Unreadable line").toWire())
    if (msg.type === "request") chain = chain.then(() => handle(msg))
    else if (msg.type === "cancel") void cancel(msg.id)
    else if (msg.type === "dispose") void dispose(msg.id)
  }
  const feed = lineReader(
    onLine,
    () => void fail(null, new ComputerError("PROTOCOL_ERROR", "Line over 16 MiB").toWire()),
  )
  for await (const chunk of o.input) feed(chunk)
  // The client went away without dispose: clean up what this process holds, then go.
  if (!disposing) {
    disposing = true
    inFlight?.abort.abort(new ComputerError("CANCELLED", "The client went away"))
    await chain
    if (!broken) {
      await endOperation()
      await backend.dispose()
    }
    o.exit(0)
  }
}

function asError(err: unknown, signal: AbortSignal): ComputerError {
  // A cut-off call fails for the cut's reason (a stop is not a cancel), keeping what it may have done.
  if (signal.aborted && signal.reason instanceof ComputerError) {
    const effect = err instanceof ComputerError ? err.effect : "none"
    return effect === "none" ? signal.reason : new ComputerError(signal.reason.code, signal.reason.message, effect)
  }
  if (err instanceof ComputerError) return err
  return new ComputerError("NATIVE_HELPER_UNAVAILABLE", err instanceof Error ? err.message : String(err))
}
