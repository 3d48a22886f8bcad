// What --print writes for a stream of session events: reply text once, tools and errors on stderr.
import { expect, test } from "bun:test"
import type { AssistantItem, SessionEvent, ToolItem } from "../../src/protocol"
import { PrintRenderer } from "../../src/cli/print-render"

function render(events: SessionEvent[]) {
  const out = { stdout: "", stderr: "" }
  const r = new PrintRenderer({ stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t) })
  for (const e of events) r.handle(e)
  r.finish()
  return { ...out, errors: r.errors }
}

const asst = (id: string, text: string, extra: Partial<AssistantItem> = {}): AssistantItem => ({
  kind: "assistant",
  id,
  blocks: text ? [{ type: "text", text }] : [],
  streaming: false,
  timestamp: 0,
  ...extra,
})
const tool = (status: ToolItem["status"], output?: string): ToolItem => ({
  kind: "tool",
  id: "t1",
  name: "bash",
  args: { command: "ls -la" },
  status,
  output,
  timestamp: 0,
})

test("streamed deltas print once even when the finished item repeats them", () => {
  const r = render([
    { type: "item_add", item: asst("a1", "", { streaming: true }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "thinking", delta: "hmm" },
    { type: "text_delta", itemId: "a1", blockIndex: 1, blockType: "text", delta: "Hello " },
    { type: "text_delta", itemId: "a1", blockIndex: 1, blockType: "text", delta: "world" },
    {
      type: "item_update",
      item: {
        ...asst("a1", ""),
        blocks: [
          { type: "thinking", text: "hmm" },
          { type: "text", text: "Hello world" },
        ],
      },
    },
  ])
  expect(r.stdout).toBe("Hello world\n")
  expect(r.stderr).toBe("")
})

test("tools go to stderr and the next message starts a new paragraph", () => {
  const r = render([
    { type: "item_add", item: asst("a1", "Looking.") },
    { type: "item_add", item: tool("running") },
    { type: "item_update", item: tool("error", "ls: cannot access\nmore") },
    { type: "item_add", item: asst("a2", "Done.") },
  ])
  expect(r.stdout).toBe("Looking.\n\nDone.\n")
  expect(r.stderr).toBe("→ bash ls -la\n✗ bash: ls: cannot access\n")
})

test("a failed reply is an error; earlier items of the session are not printed again", () => {
  const r = render([
    {
      type: "snapshot",
      snapshot: { items: [asst("old", "from before")] } as unknown as Extract<
        SessionEvent,
        { type: "snapshot" }
      >["snapshot"],
    },
    { type: "item_update", item: asst("old", "from before") },
    { type: "item_add", item: asst("a1", "", { stopReason: "error", errorMessage: "400 bad key" }) },
  ])
  expect(r.stdout).toBe("")
  expect(r.stderr).toBe("error: 400 bad key\n")
  expect(r.errors).toEqual(["400 bad key"])
})

test("a failed attempt that is retried says so before any error; the last error comes last", () => {
  const notice = (id: string, level: "warning" | "error", text: string): SessionEvent => ({
    type: "item_add",
    item: { kind: "notice", id, level, text, timestamp: 0 },
  })
  const failed = (id: string): SessionEvent => ({
    type: "item_add",
    item: asst(id, "", { stopReason: "error", errorMessage: "Connection error." }),
  })
  const r = render([
    failed("a1"),
    { type: "stats", stats: { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 } },
    notice("n1", "warning", "Retrying (1/2) in 1s: Connection error."),
    failed("a2"),
    notice("n2", "warning", "Retrying (2/2) in 2s: Connection error."),
    failed("a3"),
    notice("n3", "error", "Gave up after 2 attempts: Connection error."),
    { type: "run", running: false },
  ])
  expect(r.stderr.split("\n").filter(Boolean)).toEqual([
    "warning: Retrying (1/2) in 1s: Connection error.",
    "warning: Retrying (2/2) in 2s: Connection error.",
    "error: Connection error.",
    "error: Gave up after 2 attempts: Connection error.",
  ])
})

test("a failed reply with no retry still reports its error, at the end at the latest", () => {
  const r = render([{ type: "item_add", item: asst("a1", "", { stopReason: "error", errorMessage: "boom" }) }])
  expect(r.stderr).toBe("error: boom\n")
  expect(r.errors).toEqual(["boom"])
})

// Hostile text: no terminal controls on stdout or stderr, even split across chunks.
const ESC = "\u001b"
const HOSTILE = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]0;my title\u0007\u009b2J${ESC}[2J\u0007evil\u202e txet\u202c S\bend`

test("a reply streamed in chunks that split sequences prints no controls; tabs stay", () => {
  const text = `col\tA\n${HOSTILE} ok`
  // Every split point: each chunk boundary may fall inside a sequence.
  for (let cut = 1; cut < text.length; cut++) {
    const r = render([
      { type: "item_add", item: asst("a1", "", { streaming: true }) },
      { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text.slice(0, cut) },
      { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text.slice(cut) },
      { type: "item_update", item: asst("a1", text) },
    ])
    expect(r.stdout).toBe("col\tA\nevil txet Send ok\n")
  }
})

test("tool lines, tool errors, notices and errors on stderr carry no controls", () => {
  const bad: ToolItem = {
    kind: "tool",
    id: "t1",
    name: `bash${ESC}[2J`,
    args: { command: `echo ${HOSTILE}` },
    status: "running",
    timestamp: 0,
  }
  const r = render([
    { type: "item_add", item: bad },
    { type: "item_update", item: { ...bad, status: "error", output: `failed ${HOSTILE}` } },
    { type: "ui_notify", level: "warning", message: `careful ${HOSTILE}` },
    { type: "item_add", item: asst("a1", "", { stopReason: "error", errorMessage: `broke ${HOSTILE}` }) },
  ])
  expect(r.stderr).toBe(
    [
      "→ bash echo evil txet Send",
      "✗ bash: failed evil txet Send",
      "warning: careful evil txet Send",
      "error: broke evil txet Send",
      "",
    ].join("\n"),
  )
})
