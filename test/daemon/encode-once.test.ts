// Two windows on one session: each event of its reply leaves the session's host as one frame and
// is encoded once by the daemon for both windows, not once per window (daemon status counts both).
import { afterAll, beforeAll, expect, test } from "bun:test"
import type { DaemonStatus } from "../../src/protocol"
import { assistantTexts, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const WORDS = 400
let d: DaemonBox

beforeAll(async () => {
  // a reply streamed slowly enough to come as many events
  d = await startBox({ turns: [{ repeat: "word ", count: WORDS }] }, { tps: 2000 })
})
afterAll(async () => {
  await d.cleanup()
})

test("two windows on one session: the host sends each event once and the daemon encodes it once", async () => {
  const first = await d.connect()
  const { sessionId } = await first.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const second = await d.attach()
  const a = new Recorder(first, sessionId, 0)
  const b = new Recorder(second, sessionId, 0)
  await Promise.all([a.waitFor(() => true, "the first window's snapshot"), b.waitFor(() => true, "the second's")])

  // Asked on the first window's connection: the events the daemon had before it answers are in
  // that window's recorder when the answer comes (one socket, in order).
  const counts = async () => {
    const s: DaemonStatus = await first.daemon("daemon.status", {})
    const host = s.hosts?.find((h) => h.sessionId === sessionId)
    return { frames: host?.eventFrames ?? -1, encoded: s.encodedEvents ?? -1, seen: a.events.length }
  }
  // Taken once nothing is on its way: an event the daemon has counted may still be in the first
  // window's outbox when the first status answer is written, which would count it as the reply's.
  const settled = async () => {
    for (let last = await counts(); ;) {
      const now = await counts()
      if (now.frames === last.frames && now.seen === last.seen) return now
      last = now
    }
  }
  const before = await settled()
  await first.request("session.prompt", { sessionId, text: "talk" })
  await Promise.all([
    a.waitFor(replyDone(1), "the reply (first window)"),
    b.waitFor(replyDone(1), "the reply (second)"),
  ])
  const after = await settled()

  const events = after.seen - before.seen
  expect(events).toBeGreaterThan(5)
  expect(after.frames - before.frames).toBe(events)
  expect(after.encoded - before.encoded).toBe(events)
  // both windows still see the whole reply, the same events in the same order
  expect(assistantTexts(a.snapshot!.items)).toEqual(["word ".repeat(WORDS)])
  const mine = a.events.slice(before.seen, after.seen)
  const [from, to] = [mine[0]!.seq, mine.at(-1)!.seq]
  await b.waitFor((_, evs) => evs.some((e) => e.seq >= to), "the second window's events")
  const theirs = b.events.filter((e) => e.seq >= from && e.seq <= to)
  expect(JSON.stringify(theirs)).toBe(JSON.stringify(mine))
}, 90_000)
