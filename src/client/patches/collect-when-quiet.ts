// A Client that has its process collect garbage once its traffic with the session host goes
// quiet (see util/quiet-gc.ts): a snapshot applied (a long session opened) or a request answered
// is a burst that is over; streamed events are work going on. The window's own collector
// (JavaScriptCore's) would get there too, seconds later; until then a window that just opened a
// long session holds the parsed snapshot twice.
import { createQuietGc, type QuietGc } from "../../util/patches/quiet-gc"
import type { Client } from "../client"

const AFTER_BURST_MS = 150

export function collectWhenQuiet(client: Client, gc: QuietGc = createQuietGc()): Client {
  const burstOver = () => gc.touch(AFTER_BURST_MS)
  return {
    kind: client.kind,
    request(method, params) {
      const answer = client.request(method, params)
      answer.then(burstOver, burstOver)
      return answer
    },
    subscribe: (sessionId, after, onEvent) =>
      client.subscribe(sessionId, after, (env) => {
        onEvent(env)
        if (env.event.type === "snapshot") burstOver()
        else gc.touch()
      }),
    onConnection: (fn) => client.onConnection(fn),
    notices: client.notices,
    ...(client.daemon ? { daemon: client.daemon.bind(client) } : {}),
    async close() {
      gc.dispose()
      await client.close()
    },
  }
}
