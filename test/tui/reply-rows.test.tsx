// How a reply's rows appear while it streams: text is on screen the frame it lands (never waiting
// for the async tree-sitter pass), and a reply made only of tool calls takes no row of its own.
import { afterEach, expect, test } from "bun:test"
import type { SessionEvent, TranscriptItem } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function started(width = 100, height = 30) {
  app = await mountApp({ width, height })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  return app
}

const call = { type: "toolCall" as const, id: "c1", name: "bash", args: { command: "echo hi" } }
const reply = (text: string, over: Record<string, unknown> = {}): TranscriptItem =>
  item.assistant("a1", "", { blocks: text ? [{ type: "text", text }, call] : [call], ...over })
const toolRow = item.tool("c1", "bash", { command: "echo hi" }, { status: "running" })

/** The events Pi's stream projects to for one reply ending in a tool call. */
function turn(text: string): SessionEvent[] {
  return [
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text },
    { type: "item_update", item: reply(text, { streaming: true }) },
    { type: "item_add", item: toolRow },
    { type: "item_update", item: reply(text, { stopReason: "toolUse" }) },
  ]
}

test("a reply that streams and ends in one batch shows its text in the same frame as its tool row", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: item.user("u1", "go") },
    { type: "run", running: true },
    ...turn("I will **run** it now."),
  )
  // No waiting: the tool row is plain text and drawn at once, so the reply must be too.
  const frame = app.frame()
  expect(frame).toContain("bash $ echo hi")
  expect(frame).toContain("I will run it now.")
})

test("a paragraph that arrives with the end of the stream shows at once, the earlier ones stay", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "First paragraph.\n\n" },
  )
  await app.until("First paragraph.")
  const text = "First paragraph.\n\nSecond one, with `code`."
  await app.emit(
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "Second one, with `code`." },
    { type: "item_update", item: reply(text, { streaming: true }) },
    { type: "item_add", item: toolRow },
    { type: "item_update", item: reply(text, { stopReason: "toolUse" }) },
  )
  for (let i = 0; i < 3; i++) {
    const frame = app.frame()
    expect(frame).toContain("First paragraph.")
    expect(frame).toContain("Second one, with code.")
    await app.renderOnce()
  }
})

test("a finished reply loaded from a snapshot is drawn on the first frame", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", "hello"), item.assistant("a1", "Hello **there**, how can I help?")] }),
  })
  expect(app.frame()).toContain("Hello there, how can I help?")
})

test("a reply made only of tool calls takes no row: the tool row follows the prompt directly", async () => {
  const app = await started()
  await app.emit({ type: "item_add", item: item.user("u1", "go") }, ...turn(""))
  const frame = await app.until("bash $ echo hi")
  const lines = frame.split("\n")
  const user = lines.findIndex((l) => l.includes("go"))
  const tool = lines.findIndex((l) => l.includes("bash $ echo hi"))
  // One blank line (the tool row's own margin) between them, as between any two rows.
  expect(tool - user).toBe(2)
})

test("a tool row with nothing to show under it has no empty body rule", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.tool("t1", "bash", { command: "sleep 2" }, { status: "running" }),
        item.tool("t2", "read", { path: "src/app.ts" }, { output: "alpha\nbeta" }),
        item.user("u2", "next"),
      ],
    }),
  })
  const frame = await app.until("next")
  const lines = frame.split("\n")
  const bash = lines.findIndex((l) => l.includes("bash $ sleep 2"))
  const read = lines.findIndex((l) => l.includes("read src/app.ts"))
  const user = lines.findIndex((l) => l.includes("next"))
  expect(read - bash).toBe(2)
  expect(user - read).toBe(2)
  expect(frame).not.toMatch(/^ {2}│\s*$/m)
})

test("a code block that streams in is drawn the frame it lands, before its highlighting", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "Look:\n\n```ts\nconst x = 1\n" },
  )
  expect(app.frame()).toContain("const x = 1")
  await app.emit({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "```\n\nand after it." })
  const frame = await app.until("and after it.")
  expect(frame).toContain("const x = 1")
})

test("a reply's end markers line up with its text", async () => {
  app = await mountApp({ width: 60, height: 20 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.assistant("a1", "Partial answer", { stopReason: "aborted" }),
        item.assistant("a2", "", { blocks: [], stopReason: "error", errorMessage: "429 rate limited" }),
        item.assistant("a3", "Cut", { stopReason: "length" }),
        item.assistant("a4", "", { blocks: [{ type: "image", mimeType: "image/png" }] }),
      ],
    }),
  })
  const frame = await app.until("[image]")
  for (const mark of [
    "Partial answer",
    "⏹ Interrupted",
    "✗ Error: 429",
    "Cut",
    "… stopped at the output limit",
    "[image]",
  ])
    expect(frame).toMatch(new RegExp(`^ {2}${mark.replace(/[[\]]/g, "\\$&")}`, "m"))
})
