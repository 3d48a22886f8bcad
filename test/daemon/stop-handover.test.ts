// A window that connects just after `daemon stop` was answered is served by the next daemon, not
// by the one going away (found by the sandbox test in a checkout under /tmp: the stopping daemon
// accepted the window, took its prompt and ended mid-reply, so the reply never came).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { assistantTexts, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "First daemon." }, { text: "Next daemon." }] })
})
afterAll(() => d.cleanup())

test("right after a stop is answered, a new window reaches the next daemon and gets its whole reply", async () => {
  const c = await d.connect()
  const first = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, first.sessionId, 0)
  await c.request("session.prompt", { sessionId: first.sessionId, text: "hello" })
  await rec.waitFor(replyDone(1), "the first reply")
  const old = (await c.daemon("daemon.status", {})).pid

  expect(await c.daemon("daemon.stop", {})).toMatchObject({ stopping: true })
  const next = await d.connect()
  expect((await next.daemon("daemon.status", {})).pid).not.toBe(old)
  const again = await next.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" } })
  const rec2 = new Recorder(next, again.sessionId, 0)
  await next.request("session.prompt", { sessionId: again.sessionId, text: "still there?" })
  const s = await rec2.waitFor(replyDone(2), "the reply from the next daemon")
  expect(assistantTexts(s.items)).toEqual(["First daemon.", "Next daemon."])
})
