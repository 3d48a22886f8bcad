// A real Pi session on the faux provider, driven through the Client: streaming, tools, the queue,
// interrupting, compaction and retries, as the events a window would see.
import { afterEach, expect, test } from "bun:test"
import {
  fauxAssistantMessage,
  fauxText,
  fauxThinking,
  fauxToolCall,
  type TranscriptContext,
} from "@earendil-works/pi-ai"
import type { SessionEvent, ToolItem, TranscriptItem } from "../../src/protocol"
import { createFauxFixture, failOnceThenAnswer, QUICK_RETRY, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

const kinds = (items: TranscriptItem[]) => items.map((i) => i.kind)
const events = (rec: { events: { event: SessionEvent }[] }) => rec.events.map((e) => e.event)
const lastUser = (ctx: TranscriptContext) => {
  const m = ctx.messages.filter((x) => x.role === "user").at(-1)
  return typeof m?.content === "string"
    ? m.content
    : (m?.content.find((c) => c.type === "text") as { text: string })?.text
}

test("text and thinking stream as deltas into one assistant item", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxThinking("Let me think about greetings."), fauxText("Hello there, friend!")]),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "say hello" })
  const s = await rec.waitFor((s) => !s.running && s.items.length === 2, "the reply")

  expect(kinds(s.items)).toEqual(["user", "assistant"])
  expect(s.items[0]).toMatchObject({ kind: "user", text: "say hello" })
  expect(s.items[1]).toMatchObject({
    kind: "assistant",
    streaming: false,
    stopReason: "stop",
    model: "faux/faux-1",
    blocks: [
      { type: "thinking", text: "Let me think about greetings." },
      { type: "text", text: "Hello there, friend!" },
    ],
  })
  const deltas = events(rec).filter((e) => e.type === "text_delta")
  expect(deltas.some((d) => d.type === "text_delta" && d.blockType === "thinking" && d.delta)).toBe(true)
  expect(
    deltas
      .filter((d) => d.type === "text_delta" && d.blockType === "text")
      .map((d) => (d as { delta: string }).delta)
      .join(""),
  ).toBe("Hello there, friend!")
  const types = events(rec).map((e) => e.type)
  expect(types.indexOf("run")).toBeLessThan(types.indexOf("text_delta"))
  expect(types.slice(-2)).toEqual(["run", "turn_end"])
  expect(types).toContain("stats")
  expect(s.stats.tokens.total).toBeGreaterThan(0)
})

test("parallel read and bash calls become tool items with their outputs", async () => {
  fx = await createFauxFixture({ files: { "hello.txt": "hello world\n" } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage(
      [fauxText("Looking."), fauxToolCall("read", { path: "hello.txt" }), fauxToolCall("bash", { command: "echo hi" })],
      {
        stopReason: "toolUse",
      },
    ),
    (ctx) => fauxAssistantMessage(`saw ${ctx.messages.filter((m) => m.role === "toolResult").length} results`),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "look around" })
  const s = await rec.waitFor((s) => !s.running && s.items.length === 5, "tools and the final reply")

  expect(kinds(s.items)).toEqual(["user", "assistant", "tool", "tool", "assistant"])
  const [read, bash] = s.items.slice(2, 4) as ToolItem[]
  expect(read).toMatchObject({ name: "read", args: { path: "hello.txt" }, status: "done", output: "hello world\n" })
  expect(bash).toMatchObject({ name: "bash", args: { command: "echo hi" }, status: "done", output: "hi\n" })
  expect(s.items[4]).toMatchObject({ blocks: [{ type: "text", text: "saw 2 results" }] })
  const statuses = events(rec)
    .filter((e) => (e.type === "item_add" || e.type === "item_update") && e.item.id === bash!.id)
    .map((e) => (e as { item: ToolItem }).item.status)
  expect(statuses[0]).toBe("pending")
  expect(statuses).toContain("running")
  expect(statuses.at(-1)).toBe("done")
})

test("steer and follow-up queue while a reply runs and are delivered in turn", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("bash", { command: "sleep 0.5; echo slept" })], { stopReason: "toolUse" }),
    (ctx) => fauxAssistantMessage(`heard: ${lastUser(ctx)}`),
    (ctx) => fauxAssistantMessage(`then: ${lastUser(ctx)}`),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "start" })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "tool" && i.status === "running"), "the tool to run")
  await expect(fx.client.request("session.prompt", { sessionId, text: "no behavior" })).rejects.toThrow(
    /steer.*followUp/,
  )
  await fx.client.request("session.prompt", { sessionId, text: "use printf", behavior: "steer" })
  await fx.client.request("session.prompt", { sessionId, text: "and then stop", behavior: "followUp" })
  await rec.waitFor((s) => s.queue.steering.length === 1 && s.queue.followUp.length === 1, "both queued")

  const s = await rec.waitFor(
    (s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === 3,
    "all replies",
  )
  expect(s.queue).toEqual({ steering: [], followUp: [] })
  expect(s.items.filter((i) => i.kind === "user").map((i) => (i as { text: string }).text)).toEqual([
    "start",
    "use printf",
    "and then stop",
  ])
  const replies = s.items.filter((i) => i.kind === "assistant").slice(1)
  expect(replies.map((i) => (i as { blocks: { text?: string }[] }).blocks[0]!.text)).toEqual([
    "heard: use printf",
    "then: and then stop",
  ])
  expect(s.items.find((i) => i.kind === "tool")).toMatchObject({ status: "done", output: "slept\n" })
})

test("dequeue hands queued texts back", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("bash", { command: "sleep 0.3" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("done"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "tool" && i.status === "running"), "the tool")
  await fx.client.request("session.prompt", { sessionId, text: "later", behavior: "followUp" })
  expect(await fx.client.request("session.dequeue", { sessionId })).toEqual({ steering: [], followUp: ["later"] })
  const s = await rec.waitFor((s) => !s.running, "the end")
  expect(s.items.filter((i) => i.kind === "user")).toHaveLength(1)
})

test("a new session or a fork during a reply hands the queued messages back instead of dropping them", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const slowTool = () => [
    fauxAssistantMessage([fauxToolCall("bash", { command: "sleep 5" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("done"),
  ]
  fx.faux.setResponses(slowTool())
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "tool" && i.status === "running"), "the tool")
  await fx.client.request("session.prompt", { sessionId, text: "look here", behavior: "steer" })
  await fx.client.request("session.prompt", { sessionId, text: "then this", behavior: "followUp" })
  expect(await fx.client.request("session.new", { sessionId })).toEqual({ editorText: "look here\n\nthen this" })
  const fresh = await rec.waitFor((s) => !s.running && s.items.length === 0, "the new, empty session")
  expect(fresh.queue).toEqual({ steering: [], followUp: [] })

  fx.faux.setResponses(slowTool())
  await fx.client.request("session.prompt", { sessionId, text: "again" })
  await rec.waitFor((s) => s.items.some((i) => i.kind === "tool" && i.status === "running"), "the tool again")
  await fx.client.request("session.prompt", { sessionId, text: "queued", behavior: "followUp" })
  const { points } = await fx.client.request("session.forkPoints", { sessionId })
  const forked = await fx.client.request("session.fork", { sessionId, entryId: points[0]!.entryId })
  expect(forked).toEqual({ editorText: "again\n\nqueued" })
  // nothing queued: nothing handed back
  expect(await fx.client.request("session.new", { sessionId })).toEqual({})
})

test("abort marks the turn interrupted and ends the run", async () => {
  fx = await createFauxFixture({ tokensPerSecond: 40 })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("word ".repeat(400))])
  await fx.client.request("session.prompt", { sessionId, text: "talk a lot" })
  await rec.waitFor((_s, ev) => ev.some((e) => e.event.type === "text_delta" && e.event.delta.length > 0), "streaming")
  await fx.client.request("session.abort", { sessionId })
  const s = await rec.waitFor(
    (s) => !s.running && s.items.some((i) => i.kind === "assistant" && i.stopReason === "aborted"),
    "the interruption",
  )
  expect(s.items.at(-1)).toMatchObject({ kind: "assistant", streaming: false, stopReason: "aborted" })
  expect(s.items.some((i) => i.kind === "notice")).toBe(false)
})

test("compaction adds a compaction item with the scripted summary", async () => {
  // Pi keeps the newest ~20k tokens out of a summary by default: with two short turns, keep none.
  fx = await createFauxFixture({ settings: { compaction: { keepRecentTokens: 1 } } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage("first answer"),
    fauxAssistantMessage("second answer"),
    fauxAssistantMessage("SUMMARY: we chatted twice"),
    // With nothing kept, Pi also summarizes the cut turn's prefix.
    fauxAssistantMessage("SUMMARY: we chatted twice"),
  ])
  for (const text of ["one", "two"]) {
    await fx.client.request("session.prompt", { sessionId, text })
    await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", `reply to ${text}`)
  }
  await fx.client.request("session.compact", { sessionId })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "compaction"), "the compaction")
  // A compaction asked for says so for the moment it runs (a toast), not as a row left above
  // its own result.
  expect(s.items.some((i) => i.kind === "notice")).toBe(false)
  expect(events(rec)).toContainEqual({ type: "ui_notify", level: "info", message: "Compacting context…" })
  expect(s.items.at(-1)).toMatchObject({
    kind: "compaction",
    summary: expect.stringContaining("SUMMARY: we chatted twice"),
  })
  // The transcript keeps what came before; a fresh snapshot agrees.
  expect(kinds(s.items).slice(0, 4)).toEqual(["user", "assistant", "user", "assistant"])
  expect(fx.record(sessionId).state!.items.filter((i) => i.kind !== "notice")).toEqual(
    s.items.filter((i) => i.kind !== "notice"),
  )
})

test("a 503 is retried with a notice, then answered", async () => {
  fx = await createFauxFixture({ settings: QUICK_RETRY })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses(failOnceThenAnswer("recovered"))
  await fx.client.request("session.prompt", { sessionId, text: "try" })
  const s = await rec.waitFor(
    (s) => !s.running && s.items.some((i) => i.kind === "assistant" && i.stopReason === "stop"),
    "the retry",
  )
  const notice = s.items.find((i) => i.kind === "notice")
  expect(notice).toMatchObject({
    level: "warning",
    text: expect.stringMatching(/^Retrying \(1\/3\) in [\d.]+s: 503 Service Unavailable$/),
  })
  // One run from the window's point of view, retry included.
  expect(
    events(rec)
      .filter((e) => e.type === "run")
      .map((e) => (e as { running: boolean }).running),
  ).toEqual([true, false])
})
