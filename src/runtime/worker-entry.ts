// The session host inside a Bun Worker, so a window that uses it never evaluates Pi on its own
// thread. Frames are JSON strings over postMessage (the same JSON a socket would carry):
//   in:  init {options} · request {id, method, params} · subscribe {subId, sessionId, after} · unsubscribe {subId} · dispose
//   out: ready · failed {message} · response {id, result|error} · event {subId, env} · log {message} · disposed
import type { Method } from "../protocol"
import type { HostApi } from "./host-api"
import { errorBody, serveFrames } from "./serve-frames"

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
const served = serveFrames(post)
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
  const ready = host
  if (!ready) return post({ type: "failed", message: "worker host used before init" })
  switch (frame.type) {
    case "request":
      return served.respond(frame.id, async () => (await ready).request(frame.method, frame.params as never))
    case "subscribe":
      return served.subscribe(await ready, frame)
    case "unsubscribe":
      return served.unsubscribe(frame.subId)
    case "dispose":
      served.unsubscribeAll()
      await (await ready.catch(() => undefined))?.dispose()
      post({ type: "disposed" })
      return
  }
}
