// Failure: a daemon that stops answering is reported `degraded` then `lost`; one killed with
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
    { turns: [{ text: "First answer." }, { repeat: "long ", count: 3000 }, { text: "Back again." }] },
    { tps: 2000 },
  )
})
afterAll(() => d.cleanup())

test("a daemon that stops answering is reported degraded after one missed ping, lost after two", async () => {
  const c = await d.connect({ heartbeatMs: 150 })
  const pid = c.daemonPid
  const states: ConnectionState[] = []
  const lost = new Promise<void>((resolve) =>
    c.onConnection((s) => {
      states.push(s)
      if (s.state === "lost") resolve()
    }),
  )
  process.kill(pid, "SIGSTOP")
  let stuck: Promise<Error> | undefined
  try {
    // an idle window pings nobody; a request that gets no answer starts the heartbeat
    stuck = c.request("auth.status", {}).then(
      () => new Error("answered"),
      (e: Error) => e,
    )
    await lost
  } finally {
    process.kill(pid, "SIGCONT")
  }
  expect(states.map((s) => s.state)).toEqual(["degraded", "lost"])
  expect(states[1]).toEqual({ state: "lost", reason: "the daemon stopped answering" })
  expect((await stuck).message).toBe("the daemon stopped answering")
  const err = await c.request("auth.status", {}).catch((e) => e)
  expect(err.message).toBe("not connected to the daemon")
  await c.close()
})

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
