// The session host in this process (--no-daemon, tests). Same surface as the socket client:
// a subscription to an unknown session ends with a `closed` event rather than a throw. Every
// frame goes through JSON as it would over the socket, so both ends see what a wire delivers
// (no undefined keys, no shared objects).
import type { EventEnvelope } from "../protocol"
import type { HostApi } from "../runtime/hosting/host-api"
import type { Client, ConnectionState } from "./client"

export interface LocalClientOptions {
  /** Dispose the host when the client closes (the client created it). */
  ownsHost?: boolean
}

export function createLocalClient(host: HostApi, opts: LocalClientOptions = {}): Client {
  const unsubs = new Set<() => void>()
  let closed = false
  return {
    kind: "local",
    request: async (method, params) => throughJson(await host.request(method, throughJson(params))),
    subscribe(sessionId, after, onEvent) {
      let unsub: (() => void) | undefined
      try {
        unsub = host.subscribe(sessionId, after, (env) => onEvent(throughJson(env)))
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err)
        const env: EventEnvelope = { type: "event", sessionId, seq: after, event: { type: "closed", reason } }
        queueMicrotask(() => onEvent(env))
        return () => {}
      }
      unsubs.add(unsub)
      return () => {
        unsubs.delete(unsub!)
        unsub!()
      }
    },
    onConnection(fn: (s: ConnectionState) => void) {
      if (!closed) fn({ state: "connected" })
      return () => {}
    },
    async close() {
      if (closed) return
      closed = true
      for (const u of [...unsubs]) u()
      unsubs.clear()
      if (opts.ownsHost) await host.dispose()
    },
  }
}

/** `value` as the other end of a JSON link receives it. */
export function throughJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}
