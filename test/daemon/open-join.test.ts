// Windows opening one session file reach its one live session, whichever host process each open
// started in: the host that holds the file says so when the broker asks (held-files.ts). A session
// holds its current file only: after a `/new` in it, opening the file it had opens that file as a
// session of its own, with its conversation, never the session that replaced it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { assistantTexts, readSessionFile, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({
    turns: [{ text: "A's answer." }, { text: "Asked in the old file." }, { text: "Asked after /new." }],
  })
})
afterAll(() => d.cleanup())

test("two windows opening a live session's file join it; after /new, three opening the old file share a session of its own", async () => {
  const a = await d.connect()
  const sa = (await a.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })).sessionId
  const recA = new Recorder(a, sa, 0)
  await a.request("session.prompt", { sessionId: sa, text: "one" })
  const fileA = (await recA.waitFor(replyDone(1), "A's reply")).info.file!

  const open = (client: typeof a) =>
    client.request("session.open", { cwd: d.box.cwd, mode: { kind: "session", ref: fileA } })
  const b = await d.attach()
  const c = await d.attach()
  const [jb, jc] = await Promise.all([open(b), open(c)])
  expect([jb.sessionId, jc.sessionId]).toEqual([sa, sa])
  const live = async () => (await a.daemon("daemon.status", {})).sessions.map((s) => s.sessionId).sort()
  expect(await live()).toEqual([sa])

  // /new in A: its session goes on in a new file, and the old file is nobody's
  await a.request("session.new", { sessionId: sa })
  const fileNew = (await recA.waitFor((s) => !!s.info.file && s.info.file !== fileA, "A's new file")).info.file!

  // three at once: none is live yet when the others ask, so they must still meet, however their
  // hosts' answers interleave in the broker
  const e = await d.attach()
  const [ob, oc, oe] = await Promise.all([open(b), open(c), open(e)])
  expect(ob.sessionId).not.toBe(sa)
  expect([oc.sessionId, oe.sessionId]).toEqual([ob.sessionId, ob.sessionId])
  expect(await live()).toEqual([sa, ob.sessionId].sort())

  const recOld = new Recorder(b, ob.sessionId, 0)
  await recOld.waitFor((s) => assistantTexts(s.items)[0] === "A's answer.", "the old conversation")
  await b.request("session.prompt", { sessionId: ob.sessionId, text: "two" })
  await recOld.waitFor(replyDone(2), "the reply in the old file")
  expect(assistantTexts(recA.snapshot!.items)).toEqual([])
  await a.request("session.prompt", { sessionId: sa, text: "three" })
  await recA.waitFor(replyDone(1), "A's reply after /new")

  // one writer on each file: the old one got its session's reply, the new one A's
  await until(() => readSessionFile(fileNew).texts.length === 1, "A's new file written")
  const old = readSessionFile(fileA)
  expect(old.entries.filter((e) => e.type === "session").length).toBe(1)
  expect(old.texts).toEqual(["A's answer.", "Asked in the old file."])
  expect(readSessionFile(fileNew).texts).toEqual(["Asked after /new."])

  // a listing marks both, whichever host answers it: each other host is asked for its own
  const listed = await (await d.attach()).request("sessions.list", { cwd: d.box.cwd })
  const marks = Object.fromEntries(listed.sessions.map((s) => [s.path, s.live?.sessionId]))
  expect(marks[fileA]).toBe(ob.sessionId)
  expect(marks[fileNew]).toBe(sa)
}, 90_000)
