// Remote control of this window's session (/rc, `xagent --rc`): the daemon's state of it, kept
// current while it is on (a `remote.status` that waits for a change), and the window's acts on
// it: start, stop, allow or refuse a browser, revoke a device. Only a window's connection may do
// these (the daemon refuses them to the agent's processes); without a daemon there is none.
import { createSignal, onCleanup } from "solid-js"
import type { RemoteStatus } from "../../protocol"
import { terminalLine } from "../../common/terminal-text"
import { useClient } from "./client"
import { createSimpleContext } from "./helper"
import { useRoute } from "./route"
import { useSession } from "./session"
import { useToast } from "./toast"

/** Where it listens (`--rc-listen`), and a tunnel's address in front of it (`--rc-url`). */
export interface RemoteStart {
  listen?: string
  publicUrl?: string
}

export const NO_DAEMON = "Remote control needs the daemon: it is not available with --no-daemon or -p"

export const { use: useRemote, provider: RemoteProvider } = createSimpleContext({
  name: "Remote",
  init: (props: { atStart?: RemoteStart }) => {
    const client = useClient()
    const session = useSession()
    const route = useRoute()
    const toast = useToast()
    const [status, setStatus] = createSignal<RemoteStatus>()
    let watching = false
    let disposed = false
    onCleanup(() => (disposed = true))

    const daemon = () => client.client()?.daemon?.bind(client.client())

    function take(next: RemoteStatus) {
      const before = status()
      setStatus(next)
      // a browser asking to pair while the page is elsewhere: the person must know to answer
      const known = new Set(before?.requests.map((r) => r.id))
      for (const r of next.requests)
        if (!known.has(r.id))
          toast.show({
            level: "warning",
            message: terminalLine(`${r.name} asks to control this session: /rc to answer`),
          })
      if (next.on) void watch()
    }

    async function watch() {
      if (watching) return
      watching = true
      try {
        while (!disposed && status()?.on) {
          const ask = daemon()
          const sessionId = session.id()
          if (!ask || !sessionId) break
          try {
            const next = await ask("remote.status", { sessionId, since: status()!.version })
            if (!disposed) take(next)
          } catch {
            // the connection dropped: it comes back, and so does the next status
            await Bun.sleep(1000)
          }
        }
      } finally {
        watching = false
      }
    }

    async function act(fn: (sessionId: string) => Promise<RemoteStatus>): Promise<RemoteStatus | undefined> {
      try {
        const sessionId = await session.whenReady()
        const next = await fn(sessionId)
        take(next)
        if (next.error) toast.show({ level: "error", message: terminalLine(next.error) })
        return next
      } catch (e) {
        toast.show({ level: "error", message: terminalLine(`Remote control: ${(e as Error).message}`) })
        return undefined
      }
    }

    const start = (where: RemoteStart = {}) => act((sessionId) => daemon()!("remote.start", { sessionId, ...where }))

    // `xagent --rc`: on once the session is open, its page (the link, the QR code) in front;
    // else whether it is on already (a window attached to a session a phone follows)
    if (!props.atStart)
      void session.whenReady().then(
        (sessionId) =>
          daemon()?.("remote.status", { sessionId }).then(
            (s) => !disposed && take(s),
            () => {},
          ),
        () => {},
      )
    if (props.atStart) {
      const where = props.atStart
      void session.whenReady().then(
        () => {
          if (!daemon()) return toast.show({ level: "error", message: NO_DAEMON })
          route.navigate({ name: "remote" })
          void start(where)
        },
        () => {},
      )
    }

    return {
      status,
      /** False without a daemon (--no-daemon): the command says so. */
      available: () => !!daemon(),
      start,
      stop: () => act((sessionId) => daemon()!("remote.stop", { sessionId })),
      decide: (requestId: string, allow: boolean) =>
        act((sessionId) => daemon()!("remote.decide", { sessionId, requestId, allow })),
      revoke: (deviceId: string) => act((sessionId) => daemon()!("remote.revoke", { sessionId, deviceId })),
    }
  },
})
