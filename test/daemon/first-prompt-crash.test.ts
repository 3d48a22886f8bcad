// The first prompt of a new session is on disk before the model is asked, so a host
// killed during the first reply loses nothing the person typed, and `xagent -c` (session.open
// with mode continue) resumes that session, not an older one.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import type { EventEnvelope } from "../../src/protocol"
import { alive, readSessionFile, Recorder, startBox, until, type DaemonBox } from "./harness"

const LONG = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ")
let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: LONG }, { text: "Resumed answer." }] }, { tps: 40 })
})
afterAll(() => d.cleanup())

test("SIGKILL of the host in the first reply of a new session: the prompt is in the file and -c resumes it", async () => {
  const win = await d.connect()
  const { sessionId, info } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "the very first question" })
  const streaming = (e: EventEnvelope) => e.event.type === "text_delta"
  await rec.waitFor((s, events) => s.running && events.some(streaming), "the first reply streaming")

  const host = (await win.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  process.kill(host.pid, "SIGKILL")
  await until(() => !alive(host.pid), "the host to die")
  await rec.waitFor((_, ev) => ev.some((e) => e.event.type === "closed"), "the window to hear of it")

  const file = info.file!
  expect(existsSync(file)).toBe(true)
  const saved = readSessionFile(file)
  expect(saved.entries[0]).toMatchObject({ type: "session" })
  const users = saved.entries.filter((e) => e.message?.role === "user")
  expect(JSON.stringify(users)).toContain("the very first question")

  const resumed = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" } })
  expect(resumed.info.file).toBe(file)
  const rec2 = new Recorder(win, resumed.sessionId, 0)
  const s = await rec2.waitFor((s) => s.items.length > 0, "the resumed transcript")
  expect(s.items[0]).toMatchObject({ kind: "user", text: "the very first question" })
  await win.request("session.prompt", { sessionId: resumed.sessionId, text: "again" })
  await rec2.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming), "the reply")
  expect(readSessionFile(file).texts.at(-1)).toBe("Resumed answer.")
}, 60_000)
