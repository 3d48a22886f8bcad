// Pi's notify example writes a desktop notification (OSC 777) to stdout when a reply ends. A
// session host's stdout is the daemon's log: the notification must reach the session's windows
// instead (they once went to the daemon's log), and nothing else an extension prints may.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import { PI_EXAMPLES } from "../fixture/mockllm"
import { Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

const NOTIFY = join(PI_EXAMPLES, "notify.ts")
let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "All done here." }] })
})
afterAll(() => d.cleanup())

test("the notify example's OSC 777 reaches the window as ui_terminal, not the daemon's log", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [NOTIFY],
  })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "hi" })
  await rec.waitFor(replyDone(1), "the reply")
  const seqs = await until(() => {
    const got = rec.events.flatMap((e) => (e.event.type === "ui_terminal" ? [e.event.sequence] : []))
    return got.length > 0 && got
  }, "the notification")
  expect(seqs[0]).toMatch(/^\u001b\]777;notify;Pi;.*\u0007$/)
  expect(d.log()).not.toContain("\u001b]777")
})
