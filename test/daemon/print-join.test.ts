// `xagent -p -c` and `-p --session` on a session that is live in a host opened
// the file a second time and wrote to it beside that host. They join the live session now: the
// prompt goes through its host, the reply streams to stdout, and -p leaves at the turn's end with
// the session still live for whoever holds it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { runXagent } from "../cli/run-xagent"
import { assistantTexts, readSessionFile, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({
    turns: [
      { text: "First answer." },
      { text: "Joined by -c." },
      { text: "Joined by --session." },
      { repeat: "long ", count: 40_000 },
    ],
  })
})
afterAll(() => d.cleanup())

test("-p -c and -p --session on a live session prompt through its host; one writer, the holder sees both", async () => {
  // a live session with no window: a socket client holds it open
  const holder = await d.connect()
  const { sessionId } = await holder.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(holder, sessionId, 0)
  await holder.request("session.prompt", { sessionId, text: "one" })
  const first = await rec.waitFor(replyDone(1), "the first reply")
  const file = first.info.file!
  const hostsBefore = (await holder.daemon("daemon.status", {})).hosts!.map((h) => h.pid)

  const byC = await runXagent(["-p", "-c", "two"], { ...d.box, env: d.env })
  // said on stderr, so the person knows the reply went into a session others hold
  expect(byC.stderr).toBe("warning: This session was already open; joined it as is.\n")
  expect(byC).toMatchObject({ code: 0, stdout: "Joined by -c.\n" })
  await rec.waitFor(replyDone(2), "the -c reply in the holder's view")

  const bySession = await runXagent(["-p", "--session", file, "three"], { ...d.box, env: d.env })
  expect(bySession).toMatchObject({ code: 0, stdout: "Joined by --session.\n" })
  const s = await rec.waitFor(replyDone(3), "the --session reply in the holder's view")
  expect(assistantTexts(s.items)).toEqual(["First answer.", "Joined by -c.", "Joined by --session."])

  // one writer: each entry once, in order, one header
  const saved = readSessionFile(file)
  expect(saved.entries.filter((e) => e.type === "session").length).toBe(1)
  expect(saved.texts).toEqual(["First answer.", "Joined by -c.", "Joined by --session."])
  // the same host served all three, and the session is still live for its holder
  const after = await holder.daemon("daemon.status", {})
  expect(after.hosts!.map((h) => h.pid)).toEqual(hostsBefore)
  expect(after.sessions.map((x) => x.sessionId)).toEqual([sessionId])
})

test("-p on a live session whose reply is running says so and changes nothing", async () => {
  const holder = await d.connect()
  const { sessionId } = await holder.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" } })
  const rec = new Recorder(holder, sessionId, 0)
  await rec.waitFor((s) => s.items.length > 0, "the session's transcript")
  await holder.request("session.prompt", { sessionId, text: "a long one" })
  await rec.waitFor((s) => s.running, "the holder's reply running")
  const r = await runXagent(["-p", "-c", "meanwhile"], { ...d.box, env: d.env })
  expect(r.code).toBe(1)
  expect(r.stderr).toContain("the session is live and a reply is running in it: send this once that reply is over")
  expect(r.stdout).toBe("")
  await holder.request("session.abort", { sessionId })
  const s = await rec.waitFor((s) => !s.running, "the holder's reply stopped")
  expect(s.items.some((i) => i.kind === "user" && i.text === "meanwhile")).toBe(false)
})
