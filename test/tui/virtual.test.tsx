import { afterEach, expect, test } from "bun:test"
import type { ScrollBoxRenderable } from "@opentui/core"
import type { TranscriptItem } from "../../src/protocol"
import { HeightIndex } from "../../src/tui/ui/height-index"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

const PAGE_UP = "\x1b[5~"
const PAGE_DOWN = "\x1b[6~"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function many(n: number): TranscriptItem[] {
  return Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? item.user(`u${i}`, `question ${i}`) : item.assistant(`a${i}`, `answer ${i}`),
  )
}

const transcript = (a: MountedApp) => a.renderer.root.findDescendantById("transcript") as ScrollBoxRenderable
/** Rows mounted inside the transcript (its header slot and two spacers aside). */
const mounted = (a: MountedApp) => transcript(a).getChildren().length - 3

async function withItems(n: number) {
  app = await mountApp({ width: 80, height: 30 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: many(n) }) })
  await app.until(`answer ${n - 1}`)
  return app
}

test("10,000 items mount only the rows near the viewport, as 10 do", async () => {
  const big = await withItems(10_000)
  const bigCount = mounted(big)
  expect(bigCount).toBeGreaterThan(5)
  expect(bigCount).toBeLessThan(40)
  expect(big.frame()).toContain("question 9998")
  big.renderer.destroy()

  const small = await withItems(10)
  expect(mounted(small)).toBe(10)
})

test("PageUp scrolls back through history mounting only what comes into view; Ctrl+End/Home jump", async () => {
  const app = await withItems(10_000)
  for (let i = 0; i < 30; i++) app.mockInput.pressKey(PAGE_UP)
  const frame = await app.until((f) => !f.includes("answer 9999"))
  const shown = [...frame.matchAll(/(?:question|answer) (\d+)/g)].map((m) => Number(m[1]))
  expect(Math.max(...shown)).toBeLessThan(9950)
  expect(mounted(app)).toBeLessThan(40)
  app.mockInput.pressKey(PAGE_DOWN)
  expect(mounted(app)).toBeLessThan(40)
  app.mockInput.pressKey("END", { ctrl: true })
  await app.until("answer 9999")
  app.mockInput.pressKey("HOME", { ctrl: true })
  expect(await app.until((f) => /answer 1\s/.test(f))).toContain("question 0")
  expect(mounted(app)).toBeLessThan(40)
})

test("the view follows a streaming reply, but not once the person scrolled up", async () => {
  const app = await withItems(200)
  await app.emit(
    { type: "item_add", item: item.assistant("s1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "s1", blockIndex: 0, blockType: "text", delta: "streaming line one\n\n" },
  )
  await app.until("streaming line one")
  await app.emit({
    type: "text_delta",
    itemId: "s1",
    blockIndex: 0,
    blockType: "text",
    delta: "line two\n\nline three\n\nline four",
  })
  expect(await app.until("line four")).toContain("streaming line one")

  await app.mockMouse.scroll(10, 10, "up")
  await app.mockMouse.scroll(10, 10, "up")
  await app.mockMouse.scroll(10, 10, "up")
  const before = await app.until((f) => !f.includes("line four"))
  await app.emit({ type: "text_delta", itemId: "s1", blockIndex: 0, blockType: "text", delta: "\n\nline five" })
  await app.renderOnce()
  await app.renderOnce()
  expect(app.frame()).not.toContain("line five")
  // Same text on screen but for the new-output hint; only the scrollbar thumb (last column) may
  // move as the content grows.
  const text = (f: string) => f.split("\n").map((l) => l.slice(0, -1))
  const hint = " ↓ new output below · Ctrl+End"
  const after = text(app.frame())
  expect(after.filter((l) => l.startsWith(hint))).toHaveLength(1)
  expect(after.map((l) => (l.startsWith(hint) ? " ".repeat(l.length) : l))).toEqual(text(before))

  app.mockInput.pressKey("END", { ctrl: true })
  expect(await app.until("line five")).toContain("line four")
})

test("row offsets update from the first changed row", () => {
  const index = new HeightIndex()
  index.reset([1, 1, 1, 1])
  expect(index.total()).toBe(4)
  index.set(3, 5)
  expect(index.total()).toBe(8)
  index.set(0, 3)
  expect(index.offset(2)).toBe(4)
  expect(index.indexAt(3)).toBe(1)
  expect(index.indexAt(100)).toBe(3)
  index.push(2)
  expect(index.total()).toBe(12)
})
