// The session host inside a Bun Worker, so a window that uses it never evaluates Pi on its own
// thread. Frames are JSON strings over postMessage (the same JSON a socket would carry):
//   in:  init {options} · request {id, method, params} · subscribe {subId, sessionId, after} · unsubscribe {subId} · dispose
//   out: ready · failed {message} · response {id, result|error} · event {subId, env} · log {message} · disposed
import type { EventEnvelope, Method } from "../protocol"
import type { HostApi } from "./host-api"

declare const self: Worker

export interface WorkerHostOptions {
  agentDir?: string
  extensionPaths?: string[]
  /** A module whose default export runs as HostOptions.setup (tests register a faux provider there). */
  setupModule?: string
  /** Set in this worker's env before Pi is imported (Pi reads some of it at import). */
  env?: Record<string, string>
}

type InFrame =
  | { type: "init"; options: WorkerHostOptions }
  | { type: "request"; id: number; method: Method; params: unknown }
  | { type: "subscribe"; subId: number; sessionId: string; after: number }
  | { type: "unsubscribe"; subId: number }
  | { type: "dispose" }

const post = (frame: unknown) => self.postMessage(JSON.stringify(frame))
const subs = new Map<number, () => void>()
let host: Promise<HostApi> | undefined

async function start(options: WorkerHostOptions): Promise<HostApi> {
  for (const [k, v] of Object.entries(options.env ?? {})) process.env[k] = v
  if (options.agentDir && !process.env.PI_CODING_AGENT_DIR) process.env.PI_CODING_AGENT_DIR = options.agentDir
  const { createHost } = await import("./host")
  const setup = options.setupModule ? (await import(options.setupModule)).default : undefined
  return createHost({
    agentDir: options.agentDir,
    extensionPaths: options.extensionPaths,
    setup,
    log: (message) => post({ type: "log", message }),
  })
}

function errorBody(err: unknown) {
  const e = err as { code?: string; message?: string }
  return { code: typeof e?.code === "string" ? e.code : "failed", message: e?.message ?? String(err) }
}

self.onmessage = async (ev: MessageEvent) => {
  const frame = JSON.parse(String(ev.data)) as InFrame
  if (frame.type === "init") {
    host = start(frame.options)
    host.then(
      () => post({ type: "ready" }),
      (err) => post({ type: "failed", message: errorBody(err).message }),
    )
    return
  }
  if (!host) return post({ type: "failed", message: "worker host used before init" })
  switch (frame.type) {
    case "request":
      try {
        const result = await (await host).request(frame.method, frame.params as never)
        post({ type: "response", id: frame.id, result })
      } catch (err) {
        post({ type: "response", id: frame.id, error: errorBody(err) })
      }
      return
    case "subscribe": {
      const h = await host
      const send = (env: EventEnvelope) => post({ type: "event", subId: frame.subId, env })
      try {
        subs.set(frame.subId, h.subscribe(frame.sessionId, frame.after, send))
      } catch (err) {
        send({
          type: "event",
          sessionId: frame.sessionId,
          seq: frame.after,
          event: { type: "closed", reason: errorBody(err).message },
        })
      }
      return
    }
    case "unsubscribe":
      subs.get(frame.subId)?.()
      subs.delete(frame.subId)
      return
    case "dispose":
      for (const u of subs.values()) u()
      subs.clear()
      await (await host.catch(() => undefined))?.dispose()
      post({ type: "disposed" })
      return
  }
}
