// The session host in a Bun Worker (src/runtime/hosting/worker-entry.ts): in process like the local
// client, but Pi imports and runs on another thread, so the window's thread keeps drawing.
// Requests made before the host is ready simply wait for it.
import { ProtocolError } from "../protocol"
import { HostCaller } from "../runtime/hosting/host-caller"
import type { FromHost } from "../runtime/hosting/host-frames"
import type { WorkerHostOptions } from "../runtime/hosting/worker-entry"
import type { Client, ConnectionState } from "./client"

export type WorkerClientOptions = WorkerHostOptions

const DISPOSE_TIMEOUT_MS = 5000

export function createWorkerClient(opts: WorkerClientOptions = {}, log: (msg: string) => void = () => {}): Client {
  // A Bun Worker starts from the environment the process was started with, not the one it has
  // now: what the CLI (or a test's preload) set since would be missing in the host. Node's
  // workers take a copy of the current one; so does this.
  const worker = new Worker(new URL("../runtime/hosting/worker-entry.ts", import.meta.url), {
    env: { ...process.env } as Record<string, string>,
  })
  const listeners = new Set<(s: ConnectionState) => void>()
  let state: ConnectionState | undefined

  const send = (frame: unknown) => worker.postMessage(JSON.stringify(frame))
  const setState = (s: ConnectionState) => {
    state = s
    for (const fn of [...listeners]) fn(s)
  }
  const fail = (reason: string) => {
    caller.fail(new ProtocolError("failed", reason))
    setState({ state: "lost", reason })
  }
  const caller = new HostCaller({
    send,
    ready: () => setState({ state: "connected" }),
    failed: (message) => fail(`the session host could not start: ${message}`),
    log,
  })

  worker.onmessage = (ev: MessageEvent) => caller.onFrame(JSON.parse(String(ev.data)) as FromHost)
  worker.onerror = (ev: ErrorEvent) => fail(`the session host crashed: ${ev.message}`)
  send({ type: "init", options: opts })

  return {
    kind: "local",
    request: (method, params) => caller.request(method, params) as never,
    subscribe: (sessionId, after, onEvent) => caller.subscribe(sessionId, after, onEvent),
    onConnection(fn) {
      listeners.add(fn)
      if (state) fn(state)
      return () => listeners.delete(fn)
    },
    async close() {
      caller.dropSubscribers()
      if (state?.state !== "lost") {
        const done = caller.dispose()
        // A tool that ignores its abort, or an extension's shutdown hook, must not keep a closed
        // window's process alive: give disposal a while, then end the worker regardless.
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, DISPOSE_TIMEOUT_MS)))])
        clearTimeout(timer)
      }
      worker.terminate()
      listeners.clear()
    },
  }
}
