// Pi messages/events → protocol items/events, with no session: pure functions and the projector.
import { describe, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai"
import type { SessionEvent, SessionSnapshot } from "../../src/protocol"
import type { AgentSessionEvent, SessionEntry } from "../../src/runtime/pi-types"
import { EventProjector, type ProjectorContext } from "../../src/runtime/session/event-projection"
import { ItemIds, projectBranch } from "../../src/common/message-projection"
import { emptyUi, SnapshotState } from "../../src/runtime/session/snapshot-state"

let n = 0
const entry = (e: Record<string, unknown>) =>
  ({ id: `e${++n}`, parentId: null, timestamp: new Date(1_000 + n).toISOString(), ...e }) as unknown as SessionEntry
const msg = (message: unknown) => entry({ type: "message", message })
const user = (text: string, ts: number) => ({ role: "user", content: [{ type: "text", text }], timestamp: ts })
const toolResult = (toolCallId: string, text: string, isError = false) => ({
  role: "toolResult",
  toolCallId,
  toolName: "read",
  content: [{ type: "text", text }],
  details: { lines: 1 },
  isError,
  timestamp: 5,
})

describe("projectBranch", () => {
  test("merges tool results into tool items and keeps every displayable kind", () => {
    const asst = fauxAssistantMessage(
      [
        fauxThinking("plan"),
        fauxText("Reading."),
        fauxToolCall("read", { path: "a" }, { id: "c1" }),
        fauxToolCall("bash", { command: "x" }, { id: "c2" }),
      ],
      { stopReason: "toolUse", timestamp: 2 },
    )
    const items = projectBranch([
      entry({ type: "model_change", provider: "faux", modelId: "m" }),
      msg(user("hi", 1)),
      msg({ ...asst, provider: "faux", model: "faux-1" }),
      msg(toolResult("c1", "file text")),
      msg(toolResult("c2", "boom", true)),
      msg({
        role: "bashExecution",
        command: "ls",
        output: "a\n",
        exitCode: 0,
        cancelled: false,
        truncated: false,
        timestamp: 6,
      }),
      entry({ type: "custom_message", customType: "plan", content: "step 1", display: true, details: { k: 1 } }),
      entry({ type: "custom_message", customType: "hidden", content: "x", display: false }),
      entry({ type: "custom", customType: "state", data: {} }),
      entry({ type: "compaction", summary: "earlier stuff", firstKeptEntryId: "e2", tokensBefore: 1234 }),
      entry({ type: "branch_summary", fromId: "e9", summary: "other branch" }),
    ])
    expect(items.map((i) => i.kind)).toEqual([
      "user",
      "assistant",
      "tool",
      "tool",
      "bash",
      "custom",
      "compaction",
      "branch_summary",
    ])
    expect(items[0]).toEqual({ kind: "user", id: "u-1", text: "hi", timestamp: 1 })
    expect(items[1]).toMatchObject({
      kind: "assistant",
      id: "a-2",
      streaming: false,
      stopReason: "toolUse",
      model: "faux/faux-1",
      blocks: [
        { type: "thinking", text: "plan" },
        { type: "text", text: "Reading." },
        { type: "toolCall", id: "c1", name: "read", args: { path: "a" } },
        { type: "toolCall", id: "c2", name: "bash", args: { command: "x" } },
      ],
    })
    expect(items[2]).toMatchObject({
      kind: "tool",
      id: "c1",
      name: "read",
      status: "done",
      output: "file text",
      details: { lines: 1 },
    })
    expect(items[3]).toMatchObject({ kind: "tool", id: "c2", status: "error", output: "boom" })
    expect(items[4]).toMatchObject({ kind: "bash", command: "ls", output: "a\n", exitCode: 0, status: "done" })
    expect(items[5]).toMatchObject({ kind: "custom", customType: "plan", text: "step 1", details: { k: 1 } })
    expect(items[6]).toMatchObject({ kind: "compaction", id: "k-e2", summary: "earlier stuff", tokensBefore: 1234 })
    expect(items[7]).toMatchObject({ kind: "branch_summary", id: "s-e9", summary: "other branch" })
  })

  test("a tool call with no result is an error, and reused call ids stay distinct", () => {
    const a1 = fauxAssistantMessage([fauxToolCall("read", { path: "a" }, { id: "call_0" })], {
      stopReason: "toolUse",
      timestamp: 3,
    })
    const a2 = fauxAssistantMessage([fauxToolCall("read", { path: "b" }, { id: "call_0" })], {
      stopReason: "aborted",
      timestamp: 3,
    })
    const items = projectBranch([msg(a1), msg(toolResult("call_0", "A")), msg(a2)])
    expect(items.map((i) => i.id)).toEqual(["a-3", "call_0", "a-3-2", "call_0-2"])
    expect(items[1]).toMatchObject({ status: "done", output: "A" })
    expect(items[3]).toMatchObject({ status: "error", args: { path: "b" } })
  })
})

function projector(over: Partial<ProjectorContext> = {}) {
  const ctx: ProjectorContext = {
    info: () => ({ piSessionId: "p", cwd: "/w", thinkingLevel: "high" }),
    stats: () => ({ tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 }, cost: 0 }),
    now: () => 42,
    compactionTime: () => 7,
    ...over,
  }
  return new EventProjector(new ItemIds(), ctx)
}
const ev = (e: Record<string, unknown>) => e as unknown as AgentSessionEvent
/** Pi is done with the run: retries, compaction and its post-run continuation. */
const settled = ev({ type: "agent_settled", aborted: false })

describe("EventProjector", () => {
  test("streams text and thinking as deltas into one assistant item, then finalizes it", () => {
    const p = projector()
    const partial = { ...fauxAssistantMessage([], { timestamp: 9 }), content: [] }
    const out: SessionEvent[] = [
      ...p.handle(ev({ type: "agent_start" })),
      ...p.handle(ev({ type: "message_start", message: partial })),
      ...p.handle(
        ev({
          type: "message_update",
          message: partial,
          assistantMessageEvent: { type: "thinking_start", contentIndex: 0 },
        }),
      ),
      ...p.handle(
        ev({
          type: "message_update",
          message: partial,
          assistantMessageEvent: { type: "thinking_delta", contentIndex: 0, delta: "hm" },
        }),
      ),
      ...p.handle(
        ev({
          type: "message_update",
          message: partial,
          assistantMessageEvent: { type: "text_start", contentIndex: 1 },
        }),
      ),
      ...p.handle(
        ev({
          type: "message_update",
          message: partial,
          assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: "Hel" },
        }),
      ),
      ...p.handle(
        ev({
          type: "message_update",
          message: partial,
          assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: "lo" },
        }),
      ),
    ]
    expect(out[0]).toEqual({ type: "run", running: true, startedAt: 42 })
    expect(out[1]).toMatchObject({
      type: "item_add",
      item: { kind: "assistant", id: "a-9", streaming: true, blocks: [] },
    })
    expect(out.slice(2)).toEqual([
      { type: "text_delta", itemId: "a-9", blockIndex: 0, blockType: "thinking", delta: "" },
      { type: "text_delta", itemId: "a-9", blockIndex: 0, blockType: "thinking", delta: "hm" },
      { type: "text_delta", itemId: "a-9", blockIndex: 1, blockType: "text", delta: "" },
      { type: "text_delta", itemId: "a-9", blockIndex: 1, blockType: "text", delta: "Hel" },
      { type: "text_delta", itemId: "a-9", blockIndex: 1, blockType: "text", delta: "lo" },
    ])
    const state = new SnapshotState(emptySnapshot())
    for (const e of out) state.apply(e)
    expect(state.items[0]).toMatchObject({
      blocks: [
        { type: "thinking", text: "hm" },
        { type: "text", text: "Hello" },
      ],
    })

    const final = fauxAssistantMessage([fauxThinking("hm"), fauxText("Hello")], { timestamp: 9 })
    const end = p.handle(ev({ type: "message_end", message: final }))
    expect(end).toEqual([
      { type: "item_update", item: expect.objectContaining({ id: "a-9", streaming: false, stopReason: "stop" }) },
    ])
    expect(p.handle(ev({ type: "turn_end" }))).toEqual([{ type: "stats", stats: expect.objectContaining({ cost: 0 }) }])
    expect(p.handle(ev({ type: "agent_end", messages: [], willRetry: false }))).toEqual([
      { type: "run", running: false },
      { type: "turn_end", stopReason: "end_turn", itemId: "a-9" },
    ])
  })

  test("tool calls open tool items that executions update and results finish", () => {
    const p = projector()
    const call = fauxToolCall("read", { path: "a" }, { id: "c1" })
    const partial = fauxAssistantMessage([call], { stopReason: "toolUse", timestamp: 4 })
    p.handle(ev({ type: "message_start", message: partial }))
    const opened = p.handle(
      ev({
        type: "message_update",
        message: partial,
        assistantMessageEvent: { type: "toolcall_end", contentIndex: 0, toolCall: call },
      }),
    )
    expect(opened[0]).toMatchObject({
      type: "item_update",
      item: { id: "a-4", blocks: [{ type: "toolCall", id: "c1" }] },
    })
    expect(opened[1]).toEqual({
      type: "item_add",
      item: { kind: "tool", id: "c1", name: "read", args: { path: "a" }, status: "pending", timestamp: 4 },
    })
    p.handle(ev({ type: "message_end", message: partial }))
    expect(
      p.handle(ev({ type: "tool_execution_start", toolCallId: "c1", toolName: "read", args: { path: "a" } })),
    ).toEqual([{ type: "item_update", item: expect.objectContaining({ id: "c1", status: "running" }) }])
    const upd = p.handle(
      ev({
        type: "tool_execution_update",
        toolCallId: "c1",
        partialResult: { content: [{ type: "text", text: "par" }] },
      }),
    )
    expect(upd[0]).toMatchObject({ item: { status: "running", output: "par" } })
    const done = p.handle(
      ev({
        type: "tool_execution_end",
        toolCallId: "c1",
        result: { content: [{ type: "text", text: "all" }], details: { n: 1 } },
        isError: false,
      }),
    )
    expect(done[0]).toMatchObject({ item: { status: "done", output: "all", details: { n: 1 } } })
    // The toolResult message repeats what the execution said: nothing new to send.
    expect(p.handle(ev({ type: "message_end", message: { ...toolResult("c1", "all"), details: { n: 1 } } }))).toEqual(
      [],
    )
    // …unless an extension's tool_result hook changed it.
    const changed = p.handle(
      ev({ type: "message_end", message: { ...toolResult("c1", "redacted"), details: { n: 1 } } }),
    )
    expect(changed).toEqual([{ type: "item_update", item: expect.objectContaining({ id: "c1", output: "redacted" }) }])
  })

  test("an aborted message closes its pending tools and says so", () => {
    const p = projector()
    const call = fauxToolCall("bash", { command: "sleep 9" }, { id: "c9" })
    const m = fauxAssistantMessage([call], { stopReason: "aborted", timestamp: 8 })
    p.handle(ev({ type: "message_start", message: m }))
    p.handle(
      ev({
        type: "message_update",
        message: m,
        assistantMessageEvent: { type: "toolcall_end", contentIndex: 0, toolCall: call },
      }),
    )
    const out = p.handle(ev({ type: "message_end", message: m }))
    expect(out.map((e) => e.type)).toEqual(["item_update", "item_update"])
    expect(out[0]).toMatchObject({ item: { kind: "assistant", stopReason: "aborted" } })
    expect(out[1]).toMatchObject({ item: { id: "c9", status: "error" } })
  })

  test("retries keep the run going and read as a notice", () => {
    const p = projector()
    p.handle(ev({ type: "agent_start" }))
    const failed = fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 overloaded", timestamp: 1 })
    p.handle(ev({ type: "message_start", message: failed }))
    p.handle(ev({ type: "message_end", message: failed }))
    expect(p.handle(ev({ type: "agent_end", messages: [], willRetry: true }))).toEqual([])
    const notice = p.handle(
      ev({ type: "auto_retry_start", attempt: 2, maxAttempts: 3, delayMs: 2000, errorMessage: "503 overloaded" }),
    )
    expect(notice).toEqual([
      {
        type: "item_add",
        item: {
          kind: "notice",
          id: "n-1",
          level: "warning",
          text: "Retrying (2/3) in 2s: 503 overloaded",
          timestamp: 42,
        },
      },
    ])
    expect(p.handle(settled)).toEqual([])
    expect(p.handle(ev({ type: "agent_start" }))).toEqual([])
    // Not retried (not retryable, or retries off): the run ends once Pi has settled. The failed
    // reply's own row says why, so no notice says it again (pi shows such an error once).
    p.handle(ev({ type: "message_start", message: failed }))
    p.handle(ev({ type: "message_end", message: failed }))
    expect(p.handle(ev({ type: "agent_end", messages: [], willRetry: false }))).toEqual([])
    expect(p.handle(settled)).toEqual([
      { type: "run", running: false },
      { type: "turn_end", stopReason: "error", errorMessage: "503 overloaded", itemId: expect.any(String) },
    ])
  })

  test("retries that give up or are cancelled end the run once", () => {
    const p = projector()
    const failed = fauxAssistantMessage("", { stopReason: "error", errorMessage: "503", timestamp: 1 })
    p.handle(ev({ type: "agent_start" }))
    p.handle(ev({ type: "message_end", message: failed }))
    p.handle(ev({ type: "agent_end", messages: [], willRetry: false }))
    const gaveUp = p.handle(ev({ type: "auto_retry_end", success: false, attempt: 3, finalError: "503" }))
    expect(gaveUp).toEqual([
      { type: "item_add", item: expect.objectContaining({ text: "Gave up after 3 attempts: 503" }) },
    ])
    expect(p.handle(settled)).toEqual([
      { type: "run", running: false },
      { type: "turn_end", stopReason: "error", errorMessage: "503", itemId: expect.any(String) },
    ])

    p.handle(ev({ type: "agent_start" }))
    p.handle(ev({ type: "message_end", message: failed }))
    p.handle(ev({ type: "agent_end", messages: [], willRetry: true }))
    p.handle(ev({ type: "auto_retry_start", attempt: 1, maxAttempts: 3, delayMs: 9000, errorMessage: "503" }))
    expect(p.handle(settled)).toEqual([])
    const cancelled = p.handle(
      ev({ type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" }),
    )
    expect(cancelled).toEqual([
      { type: "item_add", item: expect.objectContaining({ text: "Retry cancelled" }) },
      { type: "run", running: false },
      { type: "turn_end", stopReason: "cancelled", itemId: expect.any(String) },
    ])
  })

  test("compaction, queue and info changes", () => {
    const p = projector()
    expect(p.handle(ev({ type: "compaction_start", reason: "threshold" }))[0]).toMatchObject({
      item: { kind: "notice", text: "Context is nearly full: compacting…" },
    })
    const end = p.handle(
      ev({
        type: "compaction_end",
        reason: "manual",
        aborted: false,
        willRetry: false,
        result: { summary: "S", firstKeptEntryId: "e5", tokensBefore: 900 },
      }),
    )
    expect(end[0]).toEqual({
      type: "item_add",
      item: { kind: "compaction", id: "k-e5", summary: "S", tokensBefore: 900, timestamp: 7 },
    })
    expect(
      p.handle(
        ev({ type: "compaction_end", reason: "manual", aborted: false, willRetry: false, errorMessage: "nope" }),
      )[0],
    ).toMatchObject({ item: { level: "error", text: "Compaction failed: nope" } })
    // Pi's own message names the compaction that failed: not said twice.
    expect(
      p.handle(
        ev({
          type: "compaction_end",
          reason: "threshold",
          aborted: false,
          willRetry: false,
          errorMessage: "Auto-compaction failed: nope",
        }),
      )[0],
    ).toMatchObject({ item: { level: "error", text: "Auto-compaction failed: nope" } })
    expect(p.handle(ev({ type: "queue_update", steering: ["a"], followUp: ["b"] }))).toEqual([
      { type: "queue", queue: { steering: ["a"], followUp: ["b"] } },
    ])
    expect(p.handle(ev({ type: "thinking_level_changed", level: "high" }))).toEqual([
      { type: "info", info: { piSessionId: "p", cwd: "/w", thinkingLevel: "high" } },
    ])
  })
})

function emptySnapshot(): SessionSnapshot {
  return {
    sessionId: "s",
    info: { piSessionId: "p", cwd: "/w", thinkingLevel: "off" },
    items: [],
    running: false,
    queue: { steering: [], followUp: [] },
    stats: { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 },
    ui: emptyUi(),
  }
}

describe("SnapshotState", () => {
  test("applies ui events and keeps handed-out items unchanged", () => {
    const s = new SnapshotState(emptySnapshot())
    const item = { kind: "assistant" as const, id: "a", blocks: [], streaming: true, timestamp: 1 }
    s.apply({ type: "item_add", item })
    s.apply({ type: "text_delta", itemId: "a", blockIndex: 0, blockType: "text", delta: "x" })
    expect(item.blocks).toEqual([])
    s.apply({ type: "ui_status", key: "k", text: "on" })
    s.apply({ type: "ui_widget", key: "w", lines: ["l"], placement: "belowEditor" })
    s.apply({ type: "ui_request", request: { id: "r", kind: "confirm", title: "t", message: "m" } })
    s.apply({ type: "ui_working", message: "busy", visible: false })
    const snap = s.snapshot()
    expect(snap.ui).toEqual({
      status: { k: "on" },
      widgets: { w: { lines: ["l"], placement: "belowEditor" } },
      workingMessage: "busy",
      workingVisible: false,
      pending: [{ id: "r", kind: "confirm", title: "t", message: "m" }],
    })
    s.apply({ type: "ui_resolved", requestId: "r" })
    s.apply({ type: "ui_status", key: "k" })
    expect(s.snapshot().ui.pending).toEqual([])
    expect(s.snapshot().ui.status).toEqual({})
    expect(snap.items[0]).toMatchObject({ blocks: [{ type: "text", text: "x" }] })
  })
})
