import { expect, test } from "bun:test"
import { createRoot } from "solid-js"
import { createEventQueue } from "../../src/tui/context/event-queue"
import { createSessionStore, type Notify } from "../../src/tui/context/session-store"
import { streamedText } from "../../src/tui/context/sync"
import type { EventEnvelope, SessionEvent } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"

function harness() {
  const notices: Notify[] = []
  const store = createRoot(() => createSessionStore({ onNotify: (n) => notices.push(n) }))
  store.reset("s1")
  let seq = 0
  const env = (event: SessionEvent, sessionId = "s1"): EventEnvelope => ({
    type: "event",
    sessionId,
    seq: ++seq,
    event,
  })
  const apply = (...events: SessionEvent[]) => store.apply(events.map((e) => env(e)))
  return { store, apply, env, notices }
}

test("a snapshot replaces the session; item events add, replace and stream into it", () => {
  const { store, apply } = harness()
  apply({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "hi")] }) })
  expect(store.state.phase).toBe("ready")
  expect(store.state.items.map((i) => i.id)).toEqual(["u1"])

  apply(
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "thinking", delta: "hmm" },
    { type: "text_delta", itemId: "a1", blockIndex: 1, blockType: "text", delta: "Hel" },
    { type: "text_delta", itemId: "a1", blockIndex: 1, blockType: "text", delta: "lo" },
  )
  const a = store.state.items[1]!
  expect(a.kind === "assistant" && a.blocks).toEqual([
    { type: "thinking", text: "hmm" },
    { type: "text", text: "Hello" },
  ])
  apply({ type: "item_update", item: item.assistant("a1", "Hello!") })
  const b = store.state.items[1]!
  expect(b.kind === "assistant" && b.blocks).toEqual([{ type: "text", text: "Hello!" }])
  expect(store.state.items).toHaveLength(2)

  apply({ type: "snapshot", snapshot: snapshot({ items: [] }) })
  expect(store.state.items).toHaveLength(0)
  expect(store.state.epoch).toBe(2)
})

test("run, queue, info, stats and ui events land in the store; notify goes to the listener", () => {
  const { store, apply, notices } = harness()
  apply({ type: "snapshot", snapshot: snapshot() })
  apply(
    { type: "run", running: true, startedAt: 1000 },
    { type: "queue", queue: { steering: ["a"], followUp: ["b"] } },
    { type: "ui_status", key: "lint", text: "lint ok" },
    { type: "ui_widget", key: "w", lines: ["one"], placement: "aboveEditor" },
    { type: "ui_title", title: "T" },
    { type: "ui_working", message: "Indexing", visible: true },
    { type: "ui_request", request: { id: "r1", kind: "confirm", title: "Sure?", message: "Really" } },
    { type: "ui_notify", level: "warning", message: "careful" },
  )
  expect(store.state.running).toBe(true)
  expect(store.state.runStartedAt).toBe(1000)
  expect(store.state.queue.followUp).toEqual(["b"])
  expect(store.state.ui.status).toEqual({ lint: "lint ok" })
  expect(store.state.ui.widgets.w?.lines).toEqual(["one"])
  expect(store.state.ui.title).toBe("T")
  expect(store.state.ui.workingMessage).toBe("Indexing")
  expect(store.state.ui.pending.map((r) => r.id)).toEqual(["r1"])
  expect(notices).toEqual([{ level: "warning", message: "careful" }])

  apply(
    { type: "ui_status", key: "lint" },
    { type: "ui_widget", key: "w", placement: "aboveEditor" },
    { type: "ui_resolved", requestId: "r1" },
    { type: "run", running: false },
    { type: "closed", reason: "host stopped" },
  )
  expect(store.state.ui.status).toEqual({})
  expect(store.state.ui.widgets).toEqual({})
  expect(store.state.ui.pending).toEqual([])
  expect(store.state.phase).toBe("closed")
  expect(store.state.closedReason).toBe("host stopped")
})

test("events of another session and repeats of an applied seq are ignored", () => {
  const { store, env } = harness()
  const snap = env({ type: "snapshot", snapshot: snapshot() })
  const add = env({ type: "item_add", item: item.user("u1", "hi") })
  store.apply([snap, add])
  store.apply([add, env({ type: "item_add", item: item.user("x", "other") }, "s2")])
  expect(store.state.items.map((i) => i.id)).toEqual(["u1"])
  expect(store.lastSeq).toBe(add.seq)
})

test("a burst of events is applied in one call; later ones wait for the interval", async () => {
  const batches: number[][] = []
  const queue = createEventQueue<number>((events) => batches.push(events), 30)
  queue.push(1)
  queue.push(2)
  await queue.idle()
  expect(batches).toEqual([[1, 2]])
  queue.push(3)
  queue.push(4)
  expect(batches).toHaveLength(1)
  await queue.idle()
  expect(batches).toEqual([
    [1, 2],
    [3, 4],
  ])
  queue.dispose()
  queue.push(5)
  await queue.idle()
  expect(batches).toHaveLength(2)
})

test("only a stream waits: any other event is applied at once, with what waits before it", async () => {
  const batches: string[][] = []
  // "t…" is streamed text; the interval is longer than any test runs
  const queue = createEventQueue<string>(
    (events) => batches.push(events),
    60_000,
    (e) => e.startsWith("t"),
  )
  queue.push("t1")
  await queue.idle()
  expect(batches).toEqual([["t1"]])
  // a run starting, a message added: not held back by the text applied a moment ago
  queue.push("run")
  await Promise.resolve()
  expect(batches).toEqual([["t1"], ["run"]])
  // text within the interval waits, until something else comes and takes it along in order
  queue.push("t2")
  queue.push("t3")
  await Promise.resolve()
  expect(batches).toHaveLength(2)
  queue.push("end")
  await queue.idle()
  expect(batches).toEqual([["t1"], ["run"], ["t2", "t3", "end"]])
  queue.dispose()
})

test("the window's queue holds back streamed text only, and not the empty delta that opens a block", async () => {
  const h = harness()
  const root = createRoot((dispose) => ({
    dispose,
    queue: createEventQueue<EventEnvelope>((e) => h.store.apply(e), 60_000, streamedText),
  }))
  const { queue } = root
  queue.push(h.env({ type: "snapshot", snapshot: snapshot() }))
  queue.push(h.env({ type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) }))
  queue.push(h.env({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "" }))
  queue.push(h.env({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "Hi" }))
  await queue.idle()
  const text = () => {
    const a = h.store.state.items[0]
    return a?.kind === "assistant" ? a.blocks.map((b) => (b && "text" in b ? b.text : "")).join("") : undefined
  }
  expect(text()).toBe("Hi")
  queue.push(h.env({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: " there" }))
  await Promise.resolve()
  expect(text()).toBe("Hi")
  queue.push(h.env({ type: "run", running: false }))
  await queue.idle()
  expect(text()).toBe("Hi there")
  queue.dispose()
  root.dispose()
})
