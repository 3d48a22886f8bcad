import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function started(width = 100, height = 30) {
  app = await mountApp({ width, height })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  return app
}

test("assistant markdown streams in as deltas arrive, with its code block", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: item.user("u1", "Explain x") },
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "# Title\n\nSome **bold** te" },
  )
  let frame = await app.until("Some bold te")
  expect(frame).toContain("Explain x")
  expect(frame).toContain("Title")
  expect(frame).not.toContain("**")
  await app.emit({
    type: "text_delta",
    itemId: "a1",
    blockIndex: 0,
    blockType: "text",
    delta: "xt.\n\n```ts\nconst answer = 42\n```\n",
  })
  frame = await app.until("const answer = 42")
  expect(frame).toContain("Some bold text.")
  expect(frame).not.toContain("```")
})

test("thinking is one folded line; Ctrl+T opens all thinking, a click flips one", async () => {
  const app = await started()
  const thought = "First I will read the file.\nThen I will check the tests carefully."
  await app.emit({
    type: "item_add",
    item: item.assistant("a1", "", {
      blocks: [
        { type: "thinking", text: thought },
        { type: "text", text: "Done." },
      ],
    }),
  })
  let frame = await app.until("Done.")
  expect(frame).toContain("▸ Thinking First I will read the file. Then I will")
  expect(frame).not.toContain("▾ Thinking")

  app.mockInput.pressKey("t", { ctrl: true })
  frame = await app.until("▾ Thinking")
  expect(frame).toContain("Then I will check the tests carefully.")

  app.mockInput.pressKey("t", { ctrl: true })
  frame = await app.until((f) => f.includes("▸ Thinking"))
  const row = frame.split("\n").findIndex((l) => l.includes("▸ Thinking"))
  await app.mockMouse.click(6, row)
  frame = await app.until("▾ Thinking")
  expect(frame).toContain("Then I will check the tests carefully.")
})

test("errors, interrupted turns and host notices are marked", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: item.assistant("a1", "Partial answer", { stopReason: "aborted" }) },
    {
      type: "item_add",
      item: item.assistant("a2", "", { blocks: [], stopReason: "error", errorMessage: "429 rate limited" }),
    },
    {
      type: "item_add",
      item: { kind: "notice", id: "n1", level: "warning", text: "Retrying in 2s (attempt 1/3)", timestamp: 1 },
    },
    {
      type: "item_add",
      item: { kind: "compaction", id: "c1", summary: "We fixed foo.", tokensBefore: 45000, timestamp: 1 },
    },
    { type: "item_add", item: { kind: "custom", id: "x1", customType: "lint", text: "2 warnings", timestamp: 1 } },
  )
  const frame = await app.until("Partial answer")
  expect(frame).toContain("⏹ Interrupted")
  expect(frame).toContain("✗ Error: 429 rate limited")
  expect(frame).toContain("⚠ Retrying in 2s (attempt 1/3)")
  expect(frame).toContain("▸ Compacted 45k tokens")
  expect(frame).not.toContain("We fixed foo.")
  expect(frame).toContain("[lint]")
  expect(frame).toContain("2 warnings")

  app.mockInput.pressKey("o", { ctrl: true })
  expect(await app.until("We fixed foo.")).toContain("▾ Compacted 45k tokens")
})

test("a user message and a ! command run show as their own rows", async () => {
  const app = await started()
  await app.emit(
    { type: "item_add", item: { kind: "user", id: "u1", text: "look at this", images: 2, timestamp: 1 } },
    {
      type: "item_add",
      item: {
        kind: "bash",
        id: "b1",
        command: "ls",
        output: "a.txt\nb.txt",
        exitCode: 0,
        status: "done",
        timestamp: 1,
      },
    },
  )
  const frame = await app.until("b.txt")
  expect(frame).toContain("look at this")
  expect(frame).toContain("[2 images]")
  expect(frame).toContain("✓ ! ls  exit 0")
})
