// Failure: a daemon that stops answering (SIGSTOP) is reported `degraded` while its process lives; one killed with
// SIGKILL mid-reply leaves a parseable session file and a stale socket, and the next window
// starts a fresh daemon that resumes the session.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import type { ConnectionState } from "../../src/client/client"
import type { EventEnvelope } from "../../src/protocol"
import { alive, assistantTexts, readSessionFile, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox

beforeAll(async () => {
  d = await startBox(
    {
      turns: [
        // the stopped-daemon test, then the SIGKILL one
        { text: "First answer." },
        { repeat: "long ", count: 3000 },
        { text: "First answer." },
        { repeat: "long ", count: 3000 },
        { text: "Back again." },
      ],
    },
    { tps: 2000 },
  )
})
afterAll(() => d.cleanup())

test("a stopped (SIGSTOP) daemon and host are not dead ones: the window waits, says so, and goes on after SIGCONT", async () => {
  // 150 ms stands for the window's 5 s: 24 missed beats are two minutes of a stopped daemon
  const c = await d.connect({ heartbeatMs: 150 })
  const pid = c.daemonPid
  const states: ConnectionState[] = []
  c.onConnection((s) => states.push(s))
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "one" })
  await rec.waitFor(replyDone(1), "the first reply")
  const hosts = (await c.daemon("daemon.status", {})).hosts!.map((h) => h.pid)
  expect(hosts.length).toBe(1)
  await c.request("session.prompt", { sessionId, text: "two" })
  const streaming = (e: EventEnvelope) => e.event.type === "text_delta" && e.event.delta.includes("long")
  await rec.waitFor((s, events) => s.running && events.some(streaming), "the second reply streaming")
  for (const p of [pid, ...hosts]) process.kill(p, "SIGSTOP")
  try {
    await until(() => states.filter((s) => s.state === "degraded").length >= 24, "24 missed heartbeats", 30_000)
  } finally {
    for (const p of [pid, ...hosts]) process.kill(p, "SIGCONT")
  }
  expect(states.some((s) => s.state === "lost")).toBe(false)
  expect(states[0]).toMatchObject({ state: "degraded" })
  expect((states[0] as { reason: string }).reason).toContain("the session host is not answering")
  expect((states.at(-1) as { reason: string }).reason).toContain("its process is stopped")
  // back: the reply streams on to its end and the link says so
  const s = await rec.waitFor(replyDone(2), "the second reply after SIGCONT")
  expect(assistantTexts(s.items)[1]).toContain("long long")
  await until(() => states.at(-1)?.state === "connected", "the link back")
  expect((await c.request("auth.status", {})).providers).toBeDefined()
  await c.close()
}, 60_000)

test("SIGKILL of the daemon mid-reply: the window hears it, the file stays whole, a new daemon resumes", async () => {
  const win = await d.connect({ heartbeatMs: 0 })
  const states: string[] = []
  win.onConnection((s) => states.push(s.state))
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "one" })
  const first = await rec.waitFor(replyDone(1), "the first reply")
  const file = first.info.file!
  await win.request("session.prompt", { sessionId, text: "two" })
  const streaming = (e: EventEnvelope) => e.event.type === "text_delta" && e.event.delta.includes("long")
  await rec.waitFor((s, events) => s.running && events.some(streaming), "the second reply streaming")

  const oldPid = win.daemonPid
  process.kill(oldPid, "SIGKILL")
  await until(() => !alive(oldPid), "the daemon to die")
  await until(() => states.at(-1) === "lost", "the window to report the connection lost")
  expect(states).toEqual(["degraded", "lost"])
  expect(existsSync(d.paths.socket)).toBe(true) // stale, left behind

  // Every line of the session file still parses; the finished first turn is in it.
  const saved = readSessionFile(file)
  expect(saved.entries[0]).toMatchObject({ type: "session" })
  expect(saved.texts[0]).toBe("First answer.")

  // The next window finds the stale socket, starts a fresh daemon and reopens the session.
  const next = await d.connect()
  expect(next.daemonPid).not.toBe(oldPid)
  const reopened = await next.request("session.open", { cwd: d.box.cwd, mode: { kind: "session", ref: file } })
  const rec2 = new Recorder(next, reopened.sessionId, 0)
  await rec2.waitFor((s) => s.items.length > 0, "the resumed transcript")
  await next.request("session.prompt", { sessionId: reopened.sessionId, text: "three" })
  const s = await rec2.waitFor(
    (s) => !s.running && assistantTexts(s.items).at(-1) === "Back again.",
    "the resumed reply",
  )
  expect(assistantTexts(s.items)[0]).toBe("First answer.")
  expect(readSessionFile(file).texts.at(-1)).toBe("Back again.")
  expect(d.log()).toContain(`daemon ${next.daemonPid} listening`)
}, 60_000)
