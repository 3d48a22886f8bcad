// The session host inside a Bun Worker, so a window that uses it never evaluates Pi on its own
// thread. Frames are host-frames.ts's as JSON strings over postMessage (the same JSON a socket
// would carry), and `init {options}` first; its caller is client/worker-client.ts.
import type { HostApi } from "./host-api"
import type { FromHost, ToHost } from "./host-frames"
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

type InFrame = { type: "init"; options: WorkerHostOptions } | ToHost

const served = serveFrames((frame) => self.postMessage(JSON.stringify(frame)))
const post = (frame: FromHost) => {
  served.flush()
  self.postMessage(JSON.stringify(frame))
}
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
