// A window's first session asked for as soon as the daemon answers, not once the window's code has
// loaded and drawn its first frame: with the daemon already running the connection is made in a
// tenth of the time the window takes to load (the connection starts first: cli/window-command.ts),
// and the open (a spare host's, or a new one's start, then Pi's) runs beside that loading. The
// window asks for its session later as it always does; that one request, the same params, is
// answered by the one already on its way. Any other request goes through as it is.
import type { Params, Result } from "../protocol"
import type { Client } from "./client"

export function openEarly(client: Client, params: Params<"session.open">): Client {
  const asked = JSON.stringify(params)
  let early: Promise<Result<"session.open">> | undefined = client.request("session.open", params)
  // a failure is the window's to report when it asks
  early.catch(() => {})
  return {
    kind: client.kind,
    request(method, p) {
      if (early && method === "session.open" && JSON.stringify(p) === asked) {
        const answer = early
        early = undefined
        return answer as never
      }
      return client.request(method, p)
    },
    subscribe: (sessionId, after, onEvent) => client.subscribe(sessionId, after, onEvent),
    onConnection: (fn) => client.onConnection(fn),
    notices: client.notices,
    ...(client.daemon ? { daemon: client.daemon.bind(client) } : {}),
    close: () => client.close(),
  }
}
