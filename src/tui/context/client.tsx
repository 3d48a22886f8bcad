// The Client (socket or local) and the health of the link to it. The window draws before the
// client exists: everything here starts as "connecting" and fills in when `connect` resolves.
import { createSignal, onCleanup, onMount } from "solid-js"
import type { Client } from "../../client/client"
import type { Method, Params, Result } from "../../protocol"
import { createSimpleContext } from "./helper"

export type Connection =
  | { state: "connecting" }
  | { state: "connected" }
  | { state: "degraded"; reason: string }
  | { state: "lost"; reason: string }
  | { state: "failed"; reason: string }

export const { use: useClient, provider: ClientProvider } = createSimpleContext({
  name: "Client",
  init: (props: { connect: () => Promise<Client> }) => {
    const [client, setClient] = createSignal<Client>()
    const [connection, setConnection] = createSignal<Connection>({ state: "connecting" })
    const listeners = new Set<(c: Connection) => void>()
    let resolveReady!: (c: Client) => void
    let rejectReady!: (e: Error) => void
    const ready = new Promise<Client>((res, rej) => {
      resolveReady = res
      rejectReady = rej
    })
    // Callers that await `ready` see the failure themselves; this keeps an unobserved one quiet.
    ready.catch(() => {})

    const update = (c: Connection) => {
      setConnection(c)
      for (const fn of listeners) fn(c)
    }

    let stop: (() => void) | undefined
    onMount(() => {
      props.connect().then(
        (c) => {
          setClient(() => c)
          stop = c.onConnection((s) => update(s))
          update({ state: "connected" })
          resolveReady(c)
        },
        (e: unknown) => {
          const reason = e instanceof Error ? e.message : String(e)
          update({ state: "failed", reason })
          rejectReady(new Error(reason))
        },
      )
    })
    onCleanup(() => stop?.())

    return {
      client,
      connection,
      ready,
      onConnection(fn: (c: Connection) => void) {
        listeners.add(fn)
        return () => listeners.delete(fn)
      },
      async request<M extends Method>(method: M, params: Params<M>): Promise<Result<M>> {
        const c = await ready
        return c.request(method, params)
      },
    }
  },
})
