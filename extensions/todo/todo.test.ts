// todo_write on a real Pi session (faux model): three writes, each drawn as a card from the tool
// result, `n of m` in the status line, /todo as a snapshot card with no model request, every
// validation error as a tool error that leaves the list as it was, and the list rebuilt on resume.
import { afterEach, describe, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { CustomItem, ToolItem } from "../../src/protocol"
import { validateTodos } from "../../src/common/todo"
import { createFauxFixture, toolArgs, type FauxFixture } from "../../test/fixture/faux"

const fixtures: FauxFixture[] = []
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.dispose()
})

const write = (todos: unknown) =>
  fauxAssistantMessage([fauxToolCall("todo_write", toolArgs({ todos }))], { stopReason: "toolUse" })
const list = (...statuses: string[]) => statuses.map((status, i) => ({ content: `step ${i + 1}`, status }))

test("three writes become three cards; the status line counts; /todo snapshots without a request; resume keeps it", async () => {
  const fx = await createFauxFixture()
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    write(list("in_progress", "pending", "pending")),
    write(list("completed", "in_progress", "pending")),
    write(list("completed", "completed", "in_progress")),
    fauxAssistantMessage("Two of three done."),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "work in steps" })
  const s = await rec.waitFor(
    (s) =>
      !s.running &&
      s.items.some((i) => i.kind === "assistant" && !i.streaming && i.blocks.length > 0 && i.stopReason === "stop"),
    "the reply",
  )
  const cards = s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "todo_write")
  expect(cards.map((c) => c.status)).toEqual(["done", "done", "done"])
  expect((cards[2]!.details as { todos: { status: string }[] }).todos.map((t) => t.status)).toEqual([
    "completed",
    "completed",
    "in_progress",
  ])
  expect(s.ui.status.todo).toBe("2 of 3")

  const calls = fx.faux.state.callCount
  await fx.client.request("session.prompt", { sessionId, text: "/todo" })
  const snap = await rec.waitFor((s) => s.items.some((i) => i.kind === "custom" && i.customType === "todo"), "the card")
  const card = snap.items.find((i): i is CustomItem => i.kind === "custom" && i.customType === "todo")!
  expect(card.details).toMatchObject({ snapshot: true, todos: [{ id: "1" }, { id: "2" }, { id: "3" }] })
  expect(card.text).toContain("Todo · 2 of 3 done")
  expect(fx.faux.state.callCount).toBe(calls)

  // A second host on the same files rebuilds the list from the session file.
  const file = snap.info.file!
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: file })
  const rec2 = fx.record(again.sessionId)
  const resumed = await rec2.waitFor((s) => s.ui.status.todo !== undefined, "the status after resume")
  expect(resumed.ui.status.todo).toBe("2 of 3")
})

test("an empty list is a one-line card", async () => {
  const fx = await createFauxFixture()
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/todo" })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "custom"), "the card")
  const card = s.items.find((i): i is CustomItem => i.kind === "custom")!
  expect(card.text).toBe("Todo · no list in this conversation yet")
  expect(fx.faux.state.callCount).toBe(0)
})

describe("every validation error is a tool error naming the rule; the list stays", () => {
  test.each([
    ["not an array", "oops", "todos: must be an array"],
    ["empty content", [{ content: " ", status: "pending" }], "todos[0].content: must be non-empty"],
    ["unknown status", [{ content: "a", status: "done" }], "todos[0].status: must be one of"],
    ["two in progress", list("in_progress", "in_progress"), "at most one item may be in_progress"],
    [
      "duplicate ids",
      [
        { id: "a", content: "x", status: "pending" },
        { id: "a", content: "y", status: "pending" },
      ],
      'duplicate id "a"',
    ],
    ["blank id", [{ id: "", content: "x", status: "pending" }], "todos[0].id: must be non-empty"],
    ["not an object", ["x"], "todos[0]: must be an object"],
    ["too long", [{ content: "x".repeat(501), status: "pending" }], "at most 500 characters"],
    ["too many", list(...Array.from({ length: 51 }, () => "pending")), "at most 50 items"],
  ])("%s", (_name, todos, rule) => {
    const r = validateTodos({ todos })
    expect("problems" in r && r.problems.some((p) => p.includes(rule))).toBe(true)
  })

  test("in a session: the failed call stays a tool row (error) and the status keeps the last good list", async () => {
    const fx = await createFauxFixture()
    fixtures.push(fx)
    const { sessionId } = await fx.open()
    const rec = fx.record(sessionId)
    fx.faux.setResponses([
      write(list("in_progress", "pending")),
      write(list("in_progress", "in_progress")),
      fauxAssistantMessage("ok"),
    ])
    await fx.client.request("session.prompt", { sessionId, text: "go" })
    const s = await rec.waitFor(
      (s) =>
        !s.running &&
        s.items.filter((i) => i.kind === "tool").length === 2 &&
        s.items.every((i) => i.kind !== "tool" || (i.status !== "pending" && i.status !== "running")),
      "both calls",
    )
    const [ok, bad] = s.items.filter((i): i is ToolItem => i.kind === "tool")
    expect(ok!.status).toBe("done")
    expect(bad!.status).toBe("error")
    expect(bad!.output).toContain("at most one item may be in_progress")
    expect(s.ui.status.todo).toBe("0 of 2")
  })
})
