// The working line's rate comes from the reply itself (its text and when it began), so every
// window on a reply shows the same figure, and time spent waiting before it does not lower it.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

const apps: MountedApp[] = []
afterEach(() => {
  for (const a of apps.splice(0)) a.renderer.destroy()
})

// 4,000 characters (about 1,000 tokens) in the 100 s since the reply began: 10 tok/s. The run
// itself began long before (a tool call, a question answered), which must not count.
const text = "x".repeat(4000)
const rate = (frame: string) => /Working \([^)]*?(\d+) tok\/s\)/.exec(frame)?.[1]

test("a window that saw the reply stream and one that attached mid-reply show the same rate", async () => {
  const began = Date.now() - 100_000
  const runStartedAt = Date.now() - 400_000
  const watched = await mountApp({ width: 100, height: 20 })
  apps.push(watched)
  await watched.emit(
    { type: "snapshot", snapshot: snapshot({ running: true, runStartedAt, items: [item.user("u1", "go")] }) },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [], timestamp: began }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text },
  )
  const attached = await mountApp({ width: 100, height: 20 })
  apps.push(attached)
  await attached.emit({
    type: "snapshot",
    snapshot: snapshot({
      running: true,
      runStartedAt,
      items: [item.user("u1", "go"), item.assistant("a1", text, { streaming: true, timestamp: began })],
    }),
  })
  const a = await watched.until((f) => rate(f) !== undefined)
  const b = await attached.until((f) => rate(f) !== undefined)
  expect(rate(a)).toBe("10")
  expect(rate(b)).toBe("10")
})

test("while a question waits the working line says so, with no rate", async () => {
  const app = await mountApp({ width: 100, height: 30 })
  apps.push(app)
  await app.emit({ type: "snapshot", snapshot: snapshot({ running: true, runStartedAt: Date.now() - 5_000 }) })
  await app.until("Working (")
  await app.emit({
    type: "ui_request",
    request: {
      id: "q1",
      kind: "ask_user",
      questions: [
        { id: "go", label: "Go", prompt: "Delete the build folder?", choices: [{ value: "yes", label: "Yes" }] },
      ],
    },
  })
  const frame = await app.until("Waiting for your answer (")
  expect(frame).not.toContain("Working (")
  expect(frame).not.toContain("tok/s")
})
