// The journal alone (seq, replay, snapshot fallback, merging, bounds) and then through a real host:
// a window that comes back after N sees exactly what followed, and ends up equal to the snapshot.
import { afterEach, describe, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxText, fauxThinking } from "@earendil-works/pi-ai"
import type { EventEnvelope, SessionEvent, SessionSnapshot } from "../../src/protocol"
import { Journal } from "../../src/runtime/session/journal"
import { emptyUi, SnapshotState } from "../../src/runtime/session/snapshot-state"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const snap = (): SessionSnapshot => ({
  sessionId: "s",
  info: { piSessionId: "p", cwd: "/w", thinkingLevel: "off" },
  items: [],
  running: false,
  queue: { steering: [], followUp: [] },
  stats: { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 },
  ui: emptyUi(),
})
const delta = (d: string, blockIndex = 0): SessionEvent => ({
  type: "text_delta",
  itemId: "a",
  blockIndex,
  blockType: "text",
  delta: d,
})
const collect = (j: Journal, after: number) => {
  const got: EventEnvelope[] = []
  const stop = j.subscribe(after, (e) => got.push(e))
  return { got, stop }
}

describe("Journal", () => {
  test("numbers events and replays what came after `after`", () => {
    const j = new Journal("s", snap, { maxEvents: 5000, maxBytes: 1 << 20, batchMs: 0 })
    const live = collect(j, 0)
    expect(live.got.map((e) => [e.seq, e.event.type])).toEqual([[0, "snapshot"]])
    j.append({ type: "run", running: true })
    j.append(delta("a"))
    j.append(delta("b"))
    expect(live.got.map((e) => e.seq)).toEqual([0, 1, 2, 3])
    const back = collect(j, 1)
    expect(back.got.map((e) => [e.seq, e.event])).toEqual([
      [2, delta("a")],
      [3, delta("b")],
    ])
    j.append({ type: "run", running: false })
    expect(back.got.map((e) => e.seq)).toEqual([2, 3, 4])
    expect(collect(j, 4).got).toEqual([])
  })

  test("a window that saw nothing, or fell out of the journal, gets a snapshot at the current seq", () => {
    const j = new Journal("s", snap, { maxEvents: 3, maxBytes: 1 << 20 })
    for (let i = 0; i < 6; i++) j.append({ type: "run", running: i % 2 === 0 })
    expect(j.held().map((e) => e.seq)).toEqual([4, 5, 6])
    expect(collect(j, 0).got.map((e) => [e.seq, e.event.type])).toEqual([[6, "snapshot"]])
    expect(collect(j, 2).got.map((e) => [e.seq, e.event.type])).toEqual([[6, "snapshot"]])
    expect(collect(j, 3).got.map((e) => e.seq)).toEqual([4, 5, 6])
    expect(collect(j, 99).got.map((e) => e.event.type)).toEqual(["snapshot"])
  })

  test("unread deltas of one block merge; read ones never do", () => {
    const j = new Journal("s", snap, { maxEvents: 5000, maxBytes: 1 << 20, batchMs: 0 })
    j.append(delta("He"))
    j.append(delta("llo"))
    j.append(delta("!", 1))
    expect(j.held().map((e) => [e.seq, e.event])).toEqual([
      [2, delta("Hello")],
      [3, delta("!", 1)],
    ])
    const w = collect(j, 0)
    j.append(delta("?", 1))
    j.append(delta("?", 1))
    expect(j.held().map((e) => e.seq)).toEqual([2, 3, 4, 5])
    w.stop()
    j.append(delta("x", 1))
    j.append(delta("y", 1))
    expect(j.held().map((e) => [e.seq, e.event])).toEqual([
      [2, delta("Hello")],
      [3, delta("!", 1)],
      [4, delta("?", 1)],
      [5, delta("?", 1)],
      [7, delta("xy", 1)],
    ])
    // A window that saw up to 5 gets the merged text once; seq 6 no longer exists alone.
    expect(collect(j, 5).got.map((e) => [e.seq, e.event])).toEqual([[7, delta("xy", 1)]])
  })

  test("deltas in quick succession are handed on as one merged delta; other events keep their place", async () => {
    const j = new Journal("s", snap, { maxEvents: 5000, maxBytes: 1 << 20, batchMs: 100 })
    const live = collect(j, 0)
    j.append(delta("He"))
    // the first delta after a quiet spell goes at once
    expect(live.got.map((e) => [e.seq, e.event])).toEqual([
      [0, live.got[0]!.event],
      [1, delta("He")],
    ])
    j.append(delta("l"))
    j.append(delta("lo"))
    expect(live.got).toHaveLength(2)
    // a later window's replay has the pending text too, and the first window gets it before that
    const late = collect(j, 1)
    expect(live.got.slice(2).map((e) => [e.seq, e.event])).toEqual([[3, delta("llo")]])
    expect(late.got.map((e) => [e.seq, e.event])).toEqual([[3, delta("llo")]])
    j.append(delta(" wor"))
    j.append(delta("ld"))
    j.append({ type: "run", running: false })
    const after = [
      [5, delta(" world")],
      [6, { type: "run", running: false } as SessionEvent],
    ]
    expect(live.got.slice(3).map((e) => [e.seq, e.event])).toEqual(after)
    expect(late.got.slice(1).map((e) => [e.seq, e.event])).toEqual(after)
    // without another event the batch goes on its own once the interval has passed
    j.append(delta("a", 1))
    j.append(delta("b", 1))
    expect(live.got).toHaveLength(5)
    while (live.got.length < 6) await Bun.sleep(20)
    expect(live.got.slice(5).map((e) => [e.seq, e.event])).toEqual([[8, delta("ab", 1)]])
    expect(j.held().map((e) => e.seq)).toEqual([1, 3, 5, 6, 8])
  })

  test("the empty delta that opens a block does not hold back the first text after it", () => {
    const j = new Journal("s", snap, { maxEvents: 5000, maxBytes: 1 << 20, batchMs: 60_000 })
    const live = collect(j, 0)
    j.append(delta(""))
    j.append(delta("He"))
    expect(live.got.slice(1).map((e) => [e.seq, e.event])).toEqual([
      [1, delta("")],
      [2, delta("He")],
    ])
    // the text after that first one waits for the interval
    j.append(delta("llo"))
    expect(live.got).toHaveLength(3)
  })

  test("a snapshot event resets the journal; byte bounds drop the oldest", () => {
    const j = new Journal("s", snap, { maxEvents: 100, maxBytes: 400 })
    j.append({ type: "run", running: true })
    j.append({ type: "snapshot", snapshot: snap() })
    expect(j.held()).toEqual([])
    expect(collect(j, 1).got.map((e) => [e.seq, e.event.type])).toEqual([[2, "snapshot"]])
    expect(collect(j, 2).got).toEqual([])
    for (let i = 0; i < 10; i++) j.append({ type: "ui_notify", level: "info", message: "x".repeat(60) })
    expect(j.held().length).toBeLessThan(10)
    expect(j.held().at(-1)!.seq).toBe(12)
  })

  test("a throwing subscriber does not stop the others", () => {
    const errors: unknown[] = []
    const j = new Journal("s", snap, undefined, (e) => errors.push(e))
    j.subscribe(0, (e) => {
      if (e.seq > 0) throw new Error("bad window")
    })
    const ok = collect(j, 0)
    j.append({ type: "run", running: true })
    expect(ok.got.map((e) => e.seq)).toEqual([0, 1])
    expect(errors).toHaveLength(1)
  })
})

describe("journal through a host", () => {
  let fx: FauxFixture
  afterEach(() => fx?.dispose())

  test("replay after N gives exactly the later events; far behind falls back to a snapshot", async () => {
    fx = await createFauxFixture({ hostOptions: { journalLimits: { maxEvents: 12, maxBytes: 1 << 20 } } })
    const { sessionId } = await fx.open()
    const all = fx.record(sessionId)
    fx.faux.setResponses([
      fauxAssistantMessage([fauxThinking("mull it over"), fauxText("A reply with several words in it.")]),
      fauxAssistantMessage("second"),
    ])
    await fx.client.request("session.prompt", { sessionId, text: "one" })
    await all.waitFor((s) => !s.running && s.items.length === 2, "first reply")
    const mid = all.events.at(-1)!.seq
    await fx.client.request("session.prompt", { sessionId, text: "two" })
    const end = await all.waitFor((s) => !s.running && s.items.length === 4, "second reply")

    const back = fx.record(sessionId, mid)
    expect(back.events.map((e) => e.seq)).toEqual(all.events.filter((e) => e.seq > mid).map((e) => e.seq))
    expect(back.events[0]!.event.type).not.toBe("snapshot")

    const far = fx.record(sessionId, 1)
    expect(far.events.map((e) => e.event.type)).toEqual(["snapshot"])
    expect(far.events[0]!.seq).toBe(all.events.at(-1)!.seq)
    // Every path (live events, snapshot) arrives at the same session view.
    expect(far.state).toEqual(end)
    const state = new SnapshotState(
      all.events[0]!.event.type === "snapshot"
        ? (all.events[0]!.event as { snapshot: SessionSnapshot }).snapshot
        : snap(),
    )
    for (const e of all.events.slice(1)) state.apply(e.event)
    expect(state.snapshot()).toEqual(end)
  })
})
