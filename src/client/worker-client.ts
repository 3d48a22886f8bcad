// The session host in a Bun Worker (src/runtime/worker-entry.ts): in process like the local
// client, but Pi imports and runs on another thread, so the window's thread keeps drawing.
// Requests made before the host is ready simply wait for it.
import { ProtocolError, type EventEnvelope, type ErrorBody } from "../protocol"
import type { WorkerHostOptions } from "../runtime/worker-entry"
import type { Client, ConnectionState } from "./client"

export type WorkerClientOptions = WorkerHostOptions

type OutFrame =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "response"; id: number; result?: unknown; error?: ErrorBody }
  | { type: "event"; subId: number; env: EventEnvelope }
  | { type: "log"; message: string }
  | { type: "disposed" }

const DISPOSE_TIMEOUT_MS = 5000

export function createWorkerClient(opts: WorkerClientOptions = {}, log: (msg: string) => void = () => {}): Client {
  const worker = new Worker(new URL("../runtime/worker-entry.ts", import.meta.url))
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  const subs = new Map<number, (e: EventEnvelope) => void>()
  const listeners = new Set<(s: ConnectionState) => void>()
  let state: ConnectionState | undefined
  let nextId = 0
  let onDisposed: (() => void) | undefined

  const send = (frame: unknown) => worker.postMessage(JSON.stringify(frame))
  const setState = (s: ConnectionState) => {
    state = s
    for (const fn of [...listeners]) fn(s)
  }
  const fail = (reason: string) => {
    for (const p of pending.values()) p.reject(new ProtocolError("failed", reason))
    pending.clear()
    setState({ state: "lost", reason })
  }

  worker.onmessage = (ev: MessageEvent) => {
    const f = JSON.parse(String(ev.data)) as OutFrame
    switch (f.type) {
      case "ready":
        return setState({ state: "connected" })
      case "failed":
        return fail(`the session host could not start: ${f.message}`)
      case "response": {
        const p = pending.get(f.id)
        pending.delete(f.id)
        if (f.error) p?.reject(new ProtocolError(f.error.code, f.error.message))
        else p?.resolve(f.result)
        return
      }
      case "event":
        return subs.get(f.subId)?.(f.env)
      case "log":
        return log(f.message)
      case "disposed":
        return onDisposed?.()
    }
  }
  worker.onerror = (ev: ErrorEvent) => fail(`the session host crashed: ${ev.message}`)
  send({ type: "init", options: opts })

  return {
    kind: "local",
    request(method, params) {
      if (state?.state === "lost") return Promise.reject(new ProtocolError("failed", state.reason))
      const id = ++nextId
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        send({ type: "request", id, method, params })
      })
    },
    subscribe(sessionId, after, onEvent) {
      const subId = ++nextId
      subs.set(subId, onEvent)
      send({ type: "subscribe", subId, sessionId, after })
      return () => {
        if (!subs.delete(subId)) return
        if (state?.state !== "lost") send({ type: "unsubscribe", subId })
      }
    },
    onConnection(fn) {
      listeners.add(fn)
      if (state) fn(state)
      return () => listeners.delete(fn)
    },
    async close() {
      subs.clear()
      if (state?.state !== "lost") {
        const done = new Promise<void>((resolve) => (onDisposed = resolve))
        send({ type: "dispose" })
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
