// An ACP agent's session/update stream as the events a window draws (runtime/agent/agent-updates.ts),
// applied with the one reducer as a window applies them: text after a tool call reads below its
// row, a diff is the edit row's, a title is one safe line.
import { describe, expect, test } from "bun:test"
import type * as acp from "@agentclientprotocol/sdk"
import { applyEvent, emptySnapshot, type SessionEvent } from "../../src/protocol"
import { AgentProjection } from "../../src/runtime/agent/agent-updates"

type Update = acp.SessionNotification["update"]

function run(updates: Update[]) {
  const p = new AgentProjection("s", () => 1)
  const snap = emptySnapshot("s")
  const events: SessionEvent[] = []
  for (const u of updates) events.push(...p.handle(u))
  const end = p.endTurn("end_turn")
  events.push(...end.events)
  for (const e of events) applyEvent(snap, e)
  return { items: snap.items, events, last: end.itemId }
}

const text = (t: string): Update => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: t } })

describe("an agent's updates as items", () => {
  test("text, a tool call, more text: two replies with the tool's row between them", () => {
    const { items, last } = run([
      { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hmm" } },
      text("Look"),
      text("ing."),
      { sessionUpdate: "tool_call", toolCallId: "t1", title: "ls\u001b[31m\n-la", kind: "execute", status: "pending" },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "a.txt" } }],
      },
      text("Found it."),
    ])
    expect(items.map((i) => i.kind)).toEqual(["assistant", "tool", "assistant"])
    expect(items[0]).toMatchObject({
      blocks: [
        { type: "thinking", text: "hmm" },
        { type: "text", text: "Looking." },
      ],
      streaming: false,
    })
    // a command is the bash row, its command the title as one safe line
    expect(items[1]).toMatchObject({
      kind: "tool",
      id: "t1",
      name: "bash",
      args: { command: "ls -la" },
      status: "done",
      output: "a.txt",
    })
    expect(items[2]).toMatchObject({ blocks: [{ type: "text", text: "Found it." }], streaming: false })
    expect(last).toBe(items[2]!.id)
  })

  test("a diff is the edit row's, its far unchanged lines folded", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n")
    const after = before.replace("line 10", "LINE 10")
    const { items } = run([
      {
        sessionUpdate: "tool_call",
        toolCallId: "t2",
        title: "Edit a.txt",
        kind: "edit",
        status: "completed",
        content: [{ type: "diff", path: "/w/a.txt", oldText: before, newText: after }],
      },
    ])
    expect(items[0]).toMatchObject({ kind: "tool", name: "edit", args: { path: "/w/a.txt" }, status: "done" })
    expect((items[0] as { details: { diff: string } }).details.diff.split("\n")).toEqual([
      "@@",
      " line 7",
      " line 8",
      " line 9",
      "+LINE 10",
      "-line 10",
      " line 11",
      " line 12",
      " line 13",
      "@@",
    ])
  })

  test("a tool still running when the turn ends did not finish", () => {
    const { items } = run([{ sessionUpdate: "tool_call", toolCallId: "t3", title: "sleep", status: "in_progress" }])
    expect(items[0]).toMatchObject({ status: "error", output: "Not finished: the turn ended" })
  })

  test("a command's output sent only as _meta.terminal_output (pi-acp's way) is the row's output", () => {
    const { items } = run([
      { sessionUpdate: "tool_call", toolCallId: "t4", title: "echo hi", kind: "execute", status: "in_progress" },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t4",
        _meta: { terminal_output: { terminal_id: "t4", data: "h" } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t4",
        status: "completed",
        _meta: { terminal_output: { terminal_id: "t4", data: "i\n" } },
      },
    ])
    expect(items).toEqual([expect.objectContaining({ name: "bash", status: "done", output: "hi\n" })])
  })

  test("a plan is the todo card: one per turn, redrawn with each list", () => {
    const entry = (content: string, status: acp.PlanEntryStatus): acp.PlanEntry => ({
      content,
      status,
      priority: "medium",
    })
    const { items, events } = run([
      { sessionUpdate: "plan", entries: [entry("Read\u001b[2J it", "in_progress"), entry("Fix it", "pending")] },
      text("Reading."),
      { sessionUpdate: "plan", entries: [entry("Read it", "completed"), entry("Fix it", "in_progress")] },
    ])
    expect(items.map((i) => i.kind)).toEqual(["custom", "assistant"])
    expect(items[0]).toMatchObject({
      customType: "todo",
      text: "Todo · 1 of 2 done\n[x] Read it\n[>] Fix it",
      details: {
        todos: [
          { id: "1", content: "Read it", status: "completed" },
          { id: "2", content: "Fix it", status: "in_progress" },
        ],
      },
    })
    expect(events.filter((e) => e.type === "item_add" && e.item.kind === "custom")).toHaveLength(1)
  })

  test("a permission for a tool call never announced draws no row; one announced later takes its fields", () => {
    const p = new AgentProjection("s", () => 1)
    expect(p.toolFromPermission({ toolCallId: "ui-1", title: "Allow?", kind: "other" })).toEqual([])
    expect(
      p.toolFromPermission({ toolCallId: "t5", title: "rm x", kind: "execute", rawInput: { command: "rm x" } }),
    ).toEqual([])
    const later = p.handle({ sessionUpdate: "tool_call_update", toolCallId: "t5", status: "in_progress" })
    expect(later).toEqual([
      { type: "item_add", item: expect.objectContaining({ id: "t5", name: "bash", args: { command: "rm x" } }) },
    ])
    // the turn's end finishes only drawn rows
    const end = p.endTurn("end_turn").events
    expect(end.map((e) => (e as { item: { id: string } }).item.id)).toEqual(["t5"])
  })
})
