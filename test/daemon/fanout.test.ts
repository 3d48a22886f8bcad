// Many windows on one session: every one gets the same event sequence, and a window that stops
// reading is dropped (with a reason in the log) instead of holding up the rest.
import { afterAll, beforeAll, expect, test } from "bun:test"
import type { Subprocess } from "bun"
import {
  assistantTexts,
  BUN,
  fixturePath,
  readSessionFile,
  Recorder,
  replyDone,
  startBox,
  type DaemonBox,
} from "./harness"

const WORDS = 100_000
let d: DaemonBox
let stuck: Subprocess<"ignore", "pipe", "pipe"> | undefined

beforeAll(async () => {
  const turns = [
    { repeat: "word ", count: WORDS },
    { repeat: "more ", count: WORDS },
  ]
  // A small outbox bound, so a window that stops reading overflows it within one reply.
  d = await startBox({ turns }, { tps: 50_000, env: { XAGENT_DAEMON_OUTBOX_BYTES: "65536" } })
})
afterAll(async () => {
  stuck?.kill("SIGKILL")
  await d.cleanup()
})

test("10 windows see identical event sequences while a window that stopped reading is dropped", async () => {
  const first = await d.connect()
  const { sessionId } = await first.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const clients = [first, ...(await Promise.all(Array.from({ length: 9 }, () => d.attach())))]
  const recs = clients.map((c) => new Recorder(c, sessionId, 0))
  await Promise.all(recs.map((r) => r.waitFor(() => true, "the snapshot")))

  stuck = Bun.spawn([BUN, fixturePath("stuck.ts"), d.paths.socket, sessionId], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  })
  const reader = stuck.stdout.getReader()
  expect(new TextDecoder().decode((await reader.read()).value)).toBe("subscribed\n")

  await first.request("session.prompt", { sessionId, text: "talk a lot" })
  const finals = await Promise.all(recs.map((r) => r.waitFor(replyDone(1), "the long reply", 60_000)))

  const expected = JSON.stringify(recs[0]!.events)
  for (const r of recs) expect(JSON.stringify(r.events)).toBe(expected)
  expect(recs[0]!.events.filter((e) => e.event.type === "text_delta").length).toBeGreaterThan(20)
  const text = "word ".repeat(WORDS)
  for (const s of finals) expect(assistantTexts(s.items)).toEqual([text])
  expect(readSessionFile(finals[0]!.info.file!).texts).toEqual([text])

  // The stuck window was let go (it still sleeps): the log says why, and it no longer counts.
  expect(d.log()).toMatch(/client#\d+ pid \d+ \(stuck-fixture\) dropped: client too slow/)
  const status = await first.daemon("daemon.status", {})
  // The ten windows, less the one asking (status does not count its asker).
  expect(status.clients).toBe(9)
  expect(status.sessions[0]!.windows).toBe(10)
  for (const c of clients) await c.close()
}, 90_000)

test("a window too slow to keep up is dropped, reconnects by itself and resumes from its last seq", async () => {
  const win = await d.attach({ reconnect: true })
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" } })
  const states: string[] = []
  win.onConnection((s) => states.push(s.state))
  let blocked = false
  const rec = new Recorder(win, sessionId, 0, (env) => {
    // The window's thread is busy (a huge paste, a slow render) just as the reply streams.
    if (!blocked && env.event.type === "text_delta") {
      blocked = true
      Bun.sleepSync(1500)
    }
  })
  await rec.waitFor(() => true, "the snapshot")
  await win.request("session.prompt", { sessionId, text: "more please" })
  const s = await rec.waitFor(replyDone(2), "the second long reply", 60_000)
  expect(d.log()).toMatch(/client#\d+ pid \d+ \(test\) dropped: client too slow/)
  // Let go, then back. On a loaded machine the window, catching up on what it missed, can fall
  // behind and be let go again (two rounds with four busy processes and two suites beside it): each
  // time it comes back, and it ends connected.
  expect(states.length % 2).toBe(0)
  for (let i = 0; i < states.length; i += 2) expect(states.slice(i, i + 2)).toEqual(["degraded", "connected"])
  expect(states.length).toBeGreaterThanOrEqual(2)
  const texts = assistantTexts(s.items)
  expect(texts.at(-1)).toBe("more ".repeat(WORDS))
  expect(readSessionFile(s.info.file!).texts).toEqual(texts)
}, 90_000)
