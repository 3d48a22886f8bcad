// Work budgets on a real Pi session (faux model): a model that keeps calling tools is refused at
// the slice's limit, asked for a report, and the reply goes on as its next slice with a checkpoint
// card between; the last slice's limit stops the reply with a card that says so. Set wrong, the
// budget is said at start and not used. Without one, nothing is counted or refused.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { CustomItem, SessionSnapshot, ToolItem } from "../../src/protocol"
import { messageText, toolTurn, useFauxSessions } from "../../test/fixture/faux-session"
import { readWorkBudget } from "./budget-config"
import { CHECKPOINT, checkpointOf } from "./rules"

const setup = useFauxSessions()
const NOTES = { "notes-1.txt": "one\n", "notes-2.txt": "two\n" }
const before = process.env.XAGENT_WORK_SLICE
afterEach(() => {
  if (before === undefined) delete process.env.XAGENT_WORK_SLICE
  else process.env.XAGENT_WORK_SLICE = before
})

const textOf = messageText
const itemText = (i: { blocks?: { type: string; text?: string }[] }) =>
  (i.blocks ?? []).map((b) => (b.type === "text" ? (b.text ?? "") : "")).join("")

/** A model that calls a tool every turn, and reports (once) when a call is refused. */
function eagerModel(progress: string[]) {
  let n = 0
  return (ctx: TranscriptContext) => {
    const last = ctx.messages.at(-1) as { role: string; content: unknown; isError?: boolean }
    if (last.role === "toolResult" && textOf(last.content).includes("Work budget:")) {
      progress.push(textOf(last.content))
      return fauxAssistantMessage(`progress report ${progress.length}`)
    }
    return toolTurn("read", { path: `notes-${(++n % 2) + 1}.txt` })
  }
}
const steps = (f: ReturnType<typeof eagerModel>) => Array.from({ length: 40 }, () => f)
const settled = (s: SessionSnapshot) =>
  !s.running &&
  s.items.some((i) => i.kind === "custom" && i.customType === CHECKPOINT && checkpointOf(i.details)?.next === "stop")
const cards = (s: SessionSnapshot) =>
  s.items
    .filter((i): i is CustomItem => i.kind === "custom" && i.customType === CHECKPOINT)
    .map((i) => checkpointOf(i.details)!)
const tools = (s: SessionSnapshot) => s.items.filter((i): i is ToolItem => i.kind === "tool")

test("maxToolCalls=2,maxSlices=2: the third call is refused, the model reports, slice 2 runs, and its limit stops the reply", async () => {
  process.env.XAGENT_WORK_SLICE = "maxToolCalls=2,maxSlices=2"
  const { fx, rec, send, sessionId } = await setup({ files: NOTES })
  const progress: string[] = []
  fx.faux.setResponses(steps(eagerModel(progress)))
  await send("do a long job")
  const s = await rec.waitFor(settled, "the reply stopped by its budget")

  // Two calls ran in each slice; the third of each was refused with the request to report.
  expect(tools(s).map((t) => t.status)).toEqual(["done", "done", "error", "done", "done", "error"])
  expect(progress).toHaveLength(2)
  expect(progress[0]).toContain("reached its limit of 2 tool calls")
  expect(progress[0]).toContain("continues in slice 2 of 2")
  expect(progress[1]).toContain("This was the reply's last slice (2 of 2)")
  // A card marks each boundary, after the slice's report.
  expect(cards(s).map((c) => [c.slice, c.limit, c.toolCalls, c.next])).toEqual([
    [1, "tool calls", 2, "continue"],
    [2, "tool calls", 2, "stop"],
  ])
  const order = s.items.map((i) =>
    i.kind === "custom" ? `card` : i.kind === "assistant" ? itemText(i).trim() || "call" : i.kind,
  )
  expect(order.filter((o) => o.startsWith("progress") || o === "card")).toEqual([
    "progress report 1",
    "card",
    "progress report 2",
    "card",
  ])
  // It was one reply: the person sent one message.
  expect(s.items.filter((i) => i.kind === "user")).toHaveLength(1)

  // One truth: the session reopened from its file draws the same items, the cards where they were.
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: s.info.file! })
  const reopened = await fx.record(again.sessionId).waitFor((r) => cards(r).length === 2, "the reopened cards")
  const shape = (x: SessionSnapshot) =>
    x.items.map((i) => (i.kind === "custom" ? `${i.id} ${i.text}` : i.kind === "tool" ? `${i.id} ${i.status}` : i.kind))
  expect(shape(reopened)).toEqual(shape(s))
})

test("no budget set: a long run of tool calls is neither counted nor refused", async () => {
  delete process.env.XAGENT_WORK_SLICE
  const { fx, rec, send } = await setup({ files: NOTES })
  let n = 0
  fx.faux.setResponses(
    Array.from(
      { length: 21 },
      () => () => (++n <= 20 ? toolTurn("read", { path: "notes-1.txt" }) : fauxAssistantMessage("all done")),
    ),
  )
  await send("do a long job")
  const s = await rec.waitFor(
    (s) => !s.running && s.items.some((i) => i.kind === "assistant" && itemText(i) === "all done"),
    "the reply",
  )
  expect(tools(s).filter((t) => t.status === "done")).toHaveLength(20)
  expect(cards(s)).toHaveLength(0)
})

test("a budget set wrong is said at start and not used", async () => {
  process.env.XAGENT_WORK_SLICE = "maxToolCalls=lots"
  const { rec } = await setup()
  const s = await rec.waitFor((s) => JSON.stringify(s.items).includes("Work budget not used"), "the notice")
  expect(JSON.stringify(s.items)).toContain('XAGENT_WORK_SLICE=\\"maxToolCalls=lots\\": maxToolCalls is \\"lots\\"')
})

test("where a budget comes from: the variable wins over settings.json; mistakes are named", () => {
  const home = mkdtempSync(join(tmpdir(), "xagent-budget-"))
  try {
    expect(readWorkBudget({}, home)).toEqual({})
    writeFileSync(join(home, "settings.json"), JSON.stringify({ workSlice: { maxSeconds: 600, maxSlices: 3 } }))
    expect(readWorkBudget({}, home)).toEqual({ budget: { maxSeconds: 600, maxSlices: 3 } })
    expect(readWorkBudget({ XAGENT_WORK_SLICE: "maxToolCalls=15" }, home)).toEqual({
      budget: { maxToolCalls: 15, maxSlices: 1 },
    })
    const wrong = (env: string) => (readWorkBudget({ XAGENT_WORK_SLICE: env }, home) as { error: string }).error
    expect(wrong("maxToolCalls=0")).toContain('maxToolCalls is "0"')
    expect(wrong("maxSlices=3")).toContain("sets no limit")
    expect(wrong("maxCalls=3")).toContain('"maxCalls" is not a budget')
    expect(wrong("15")).toContain('"15" is not name=number')
    writeFileSync(join(home, "settings.json"), JSON.stringify({ workSlice: { maxTokens: 2.5 } }))
    expect((readWorkBudget({}, home) as { error: string }).error).toContain('"workSlice": maxTokens is 2.5')
    writeFileSync(join(home, "settings.json"), JSON.stringify({ workSlice: "lots" }))
    expect((readWorkBudget({}, home) as { error: string }).error).toContain('"workSlice" must be an object')
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
})
