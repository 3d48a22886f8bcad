// A window's first session is asked for as soon as the daemon answers (client/open-early.ts): the
// session is open before the window asks, its own ask is answered by that open (one session, not
// two), and any other open goes through as it is.
import { afterEach, expect, test } from "bun:test"
import { openEarly } from "../../src/client/open-early"
import { WAIT_MS } from "../fixture/wait"
import { startBox, type DaemonBox } from "./harness"

let d: DaemonBox | undefined
afterEach(async () => {
  await d?.cleanup()
  d = undefined
})

test("the first open goes out at once, the window's own ask is answered by it, another open is its own", async () => {
  d = await startBox({ turns: [], fallback: "ok" })
  const box = d
  const client = await box.connect()
  const params = { cwd: box.box.cwd, mode: { kind: "new" as const } }
  const window = openEarly(client, params)
  // before the window asks anything, its session is live in the daemon
  let live: string[] = []
  for (const deadline = Date.now() + WAIT_MS; live.length === 0; await Bun.sleep(20)) {
    if (Date.now() > deadline) throw new Error("the early session never opened")
    live = (await client.daemon("daemon.status", {})).sessions.map((s) => s.sessionId)
  }
  expect(live).toHaveLength(1)
  const early = live[0]!
  const asked = await window.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" } })
  expect(asked.sessionId).toBe(early)
  expect((await client.daemon("daemon.status", {})).sessions.map((s) => s.sessionId)).toEqual([early])
  // the same params again: a new session, as any open is
  const again = await window.request("session.open", params)
  expect(again.sessionId).not.toBe(early)
  expect((await client.daemon("daemon.status", {})).sessions.length).toBe(2)
}, 60_000)
