// What one streamed delta costs, counted rather than timed: the store appends in place, the reply's
// markdown element and its settled blocks survive, and the virtual list neither re-estimates nor
// re-mounts rows that did not change.
import { afterEach, expect, test } from "bun:test"
import type { Renderable } from "@opentui/core"
import { testRender } from "@opentui/solid"
import { createRoot } from "solid-js"
import { createStore, unwrap } from "solid-js/store"
import type { AssistantItem, SessionEvent } from "../../src/protocol"
import { ReplyMarkdownRenderable } from "../../src/tui/patches/reply-markdown"
import { createSessionStore } from "../../src/tui/context/session-store"
import { HeightIndex } from "../../src/tui/ui/height-index"
import { VirtualList } from "../../src/tui/ui/virtual-list"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let destroy: (() => void) | undefined
afterEach(() => destroy?.())

const delta = (text: string): SessionEvent => ({
  type: "text_delta",
  itemId: "a1",
  blockIndex: 0,
  blockType: "text",
  delta: text,
})

test("a text delta appends to its block in place: no copy of the items, the item or its blocks", () => {
  const store = createRoot(() => createSessionStore())
  store.reset("s1")
  let seq = 0
  const apply = (...events: SessionEvent[]) =>
    store.apply(events.map((event) => ({ type: "event" as const, sessionId: "s1", seq: ++seq, event })))
  const history = Array.from({ length: 500 }, (_, i) => item.user(`u${i}`, `q${i}`))
  apply({ type: "snapshot", snapshot: snapshot({ items: history }) })
  apply({ type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) }, delta("a"))
  const items = unwrap(store.state.items)
  const reply = items[500] as AssistantItem
  const blocks = reply.blocks
  const first = items[0]
  for (let i = 0; i < 200; i++) apply(delta("b"))
  expect(unwrap(store.state.items)).toBe(items)
  expect(items[500]).toBe(reply)
  expect(reply.blocks).toBe(blocks)
  expect(items[0]).toBe(first)
  expect(reply.blocks[0]).toEqual({ type: "text", text: "a" + "b".repeat(200) })
})

function descendants(root: Renderable): Renderable[] {
  const out: Renderable[] = []
  const walk = (r: Renderable) => {
    out.push(r)
    for (const c of r.getChildren()) walk(c as Renderable)
  }
  walk(root)
  return out
}

test("streaming into a reply keeps its markdown element and its settled paragraphs", async () => {
  const app: MountedApp = await mountApp({ width: 80, height: 30 })
  destroy = () => app.renderer.destroy()
  await app.emit(
    { type: "snapshot", snapshot: snapshot() },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    delta("Paragraph one is settled.\n\n"),
  )
  await app.until("Paragraph one is settled.")
  const markdown = () => descendants(app.renderer.root).filter((r) => r instanceof ReplyMarkdownRenderable)
  const [element] = markdown()
  expect(element).toBeDefined()
  const firstBlock = element!.getChildren()[0]
  for (let i = 0; i < 30; i++) await app.emit(delta(`word${i} `))
  await app.until("word29")
  expect(markdown()).toEqual([element!])
  expect(element!.getChildren()[0]).toBe(firstBlock)
})

test("a growing last row re-estimates and re-mounts nothing else", async () => {
  const [rows, setRows] = createStore<{ id: string; text: string }[]>(
    Array.from({ length: 2000 }, (_, i) => ({ id: `r${i}`, text: `row ${i}` })),
  )
  let estimates = 0
  let mounts = 0
  const setup = await testRender(
    () => (
      <VirtualList items={rows} key={(r) => r.id} estimate={() => (estimates++, 1)}>
        {(r) => {
          mounts++
          return <text>{r.text}</text>
        }}
      </VirtualList>
    ),
    { width: 40, height: 10 },
  )
  destroy = () => setup.renderer.destroy()
  for (let i = 0; i < 3; i++) await setup.renderOnce()
  expect(setup.captureCharFrame()).toContain("row 1999")
  const [e0, m0] = [estimates, mounts]
  for (let i = 0; i < 40; i++) {
    setRows(1999, "text", (t) => `${t}\nline ${i}`)
    await setup.renderOnce()
  }
  await setup.renderOnce()
  expect(setup.captureCharFrame()).toContain("line 39")
  expect(estimates).toBe(e0)
  // Rows above scroll out (and unmount) as the last one grows; none mounts again.
  expect(mounts).toBe(m0)
})

test("in the window, streaming into the last reply of a long transcript changes only that row's height", async () => {
  const history = Array.from({ length: 2000 }, (_, i) =>
    i % 2 ? item.assistant(`ha${i}`, `answer ${i}`) : item.user(`hu${i}`, `question ${i}`),
  )
  const app: MountedApp = await mountApp({ width: 80, height: 30 })
  destroy = () => app.renderer.destroy()
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: history }) })
  await app.emit({ type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) }, delta("start "))
  await app.until("start")
  const changed: number[] = []
  const set = HeightIndex.prototype.set
  HeightIndex.prototype.set = function (i: number, height: number) {
    const did = set.call(this, i, height)
    if (did) changed.push(i)
    return did
  }
  try {
    for (let i = 0; i < 20; i++) await app.emit(delta(`line ${i}\n\n`))
    await app.until("line 19")
  } finally {
    HeightIndex.prototype.set = set
  }
  expect(changed.length).toBeGreaterThan(0)
  expect(new Set(changed)).toEqual(new Set([2000]))
})
