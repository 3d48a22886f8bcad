// A window that stops reading past the stall limit (terminal flow control, a slow
// ssh link) is dropped; when it comes back it must find its session live, see the finished reply
// and keep working (it was closed under the window as soon as the reply ended).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { assistantTexts, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const WORDS = 50_000
let d: DaemonBox
beforeAll(async () => {
  d = await startBox(
    { turns: [{ repeat: "word ", count: WORDS }, { text: "Still here." }] },
    // a stall limit longer than the reply: the window is dropped after the reply ended
    { tps: 100_000, env: { XAGENT_DAEMON_STALL_MS: "2000" } },
  )
})
afterAll(() => d.cleanup())

test("a window stalled past the stall limit and the reply's end comes back to the finished reply and goes on", async () => {
  const win = await d.connect({ reconnect: true })
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const states: string[] = []
  win.onConnection((s) => states.push(s.state))
  let file = ""
  let stalled = false
  const rec = new Recorder(win, sessionId, 0, (env) => {
    if (env.event.type === "info" && env.event.info.file) file = env.event.info.file
    if (stalled || env.event.type !== "text_delta") return
    stalled = true
    // The window's thread stops (Ctrl+S on its terminal) until the daemon dropped it and the
    // reply is saved: nothing of the event loop runs meanwhile, so poll synchronously.
    const saved = () => existsSync(file) && readFileSync(file, "utf8").includes('"stopReason":"stop"')
    while (!(d.log().includes("dropped") && saved())) Bun.sleepSync(50)
  })
  const first = await rec.waitFor(() => true, "the snapshot")
  file ||= first.info.file ?? ""
  await win.request("session.prompt", { sessionId, text: "talk a lot" })
  const s = await rec.waitFor(replyDone(1), "the finished reply after the stall", 60_000)
  expect(states).toContain("degraded")
  expect(states.at(-1)).toBe("connected")
  expect(assistantTexts(s.items)).toEqual(["word ".repeat(WORDS)])
  expect(rec.events.some((e) => e.event.type === "closed")).toBe(false)
  await win.request("session.prompt", { sessionId, text: "still there?" })
  const again = await rec.waitFor(replyDone(2), "the next reply")
  expect(assistantTexts(again.items).at(-1)).toBe("Still here.")
}, 90_000)
