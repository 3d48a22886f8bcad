// A window's /session (or the resume page) choosing a file that is live in another session host
// joins that host: before, the window's own host switched to the file and wrote to it beside the
// host that had it open (two writers on one file).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { assistantTexts, readSessionFile, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "A's answer." }, { text: "B's answer." }, { text: "Asked from B." }] })
})
afterAll(() => d.cleanup())

test("switching to a session live in another host joins that host; one writer", async () => {
  const a = await d.connect()
  const sa = (await a.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })).sessionId
  const recA = new Recorder(a, sa, 0)
  await a.request("session.prompt", { sessionId: sa, text: "one" })
  const fileA = (await recA.waitFor(replyDone(1), "A's reply")).info.file!

  const b = await d.connect()
  const sb = (await b.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })).sessionId
  const recB = new Recorder(b, sb, 0)
  await b.request("session.prompt", { sessionId: sb, text: "two" })
  const fileB = (await recB.waitFor(replyDone(1), "B's reply")).info.file!
  expect(fileB).not.toBe(fileA)

  const r = await b.request("session.switch", { sessionId: sb, path: fileA })
  expect(r.sessionId).toBe(sa)
  recB.stop()
  const joined = new Recorder(b, sa, 0)
  await joined.waitFor((s) => assistantTexts(s.items)[0] === "A's answer.", "A's session in B")
  await b.request("session.prompt", { sessionId: sa, text: "three" })
  await recA.waitFor(replyDone(2), "B's prompt in A's view")

  const saved = readSessionFile(fileA)
  expect(saved.entries.filter((e) => e.type === "session").length).toBe(1)
  expect(saved.texts).toEqual(["A's answer.", "Asked from B."])
  // B's own session was left as it was, not switched under it
  expect(readSessionFile(fileB).texts).toEqual(["B's answer."])
})
