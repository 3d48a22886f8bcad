// Inline mode: the rewrite after a resize against a streaming reply's last steps. The rewrite
// clears the terminal and writes the transcript again; whatever order the rewrite, the writes on
// their way and the reply's end come in, what follows the last clear holds every line of the reply
// once, in order, with its end. Writes are held at their draw (the surface's settle) to fix the
// order; the rewrite is started by a fold key, which takes the resize's path without its timer.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const COMPOSER = "Ask anything"
const END = "REPLY-END"
const CLEAR = "<<terminal cleared>>"
const line = (n: number) => `line ${String(n).padStart(4, "0")}`

interface Window {
  a: MountedApp
  /** Every row written so far, with a CLEAR row where the terminal was cleared. */
  rows(): string[]
  clears: () => number
  /** Writes wait at their draw until `release()`. */
  hold(): void
  release(): void
  /** Writes waiting at their draw now. */
  drawing: () => number
  say(from: number, to: number): Promise<void>
  /** The reply's end marker, the reply settled and the run over. */
  finish(): Promise<void>
}

async function window(): Promise<Window> {
  const a = await mountApp({ width: 80, height: 24, screen: "inline" })
  app = a
  await a.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "count")] }) })
  await a.until(COMPOSER)
  const rows: string[] = []
  const take = () => {
    for (const c of a.externalOutput.take()) rows.push(...c.rows.map((r) => r.trimEnd()))
    return rows
  }
  let clears = 0
  // The test renderer has no terminal to clear: the clear is marked where it happened.
  a.renderer.resetSplitFooterForReplay = () => {
    take().push(CLEAR)
    clears++
  }
  let gate: Promise<void> | undefined
  let open = () => {}
  let drawing = 0
  const create = a.renderer.createScrollbackSurface.bind(a.renderer)
  a.renderer.createScrollbackSurface = (o) => {
    const surface = create(o)
    const settle = surface.settle.bind(surface)
    surface.settle = async (ms) => {
      drawing++
      try {
        while (gate) await gate
        return await settle(ms)
      } finally {
        drawing--
      }
    }
    return surface
  }
  let text = ""
  await a.emit(
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
  )
  const delta = async (d: string) => {
    text += d
    await a.emit({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: d })
  }
  return {
    a,
    rows: take,
    clears: () => clears,
    hold() {
      gate ??= new Promise<void>((r) => (open = r))
    },
    release() {
      const opened = open
      gate = undefined
      opened()
    },
    drawing: () => drawing,
    say: (from, to) => delta(Array.from({ length: to - from + 1 }, (_, i) => `${line(from + i)}\n\n`).join("")),
    async finish() {
      await delta(END)
      await a.emit({ type: "item_update", item: item.assistant("a1", text) }, { type: "run", running: false })
    },
  }
}

/**
 * Starts a rewrite now: a fold key writes the transcript again as a resize does, but at once (a
 * resize waits for the terminal's size to be still, on a timer no event reports). Ctrl+O the
 * first time, Ctrl+T the second; each says so in a toast.
 */
async function rewrite(w: Window, key: "o" | "t" = "o") {
  w.a.mockInput.pressKey(key, { ctrl: true })
  await w.a.until(key === "o" ? "Tool output: expanded" : "Thinking: expanded")
}

/** The rows after the last clear, once the reply's end is among them and nothing more is drawn. */
async function afterLastClear(w: Window): Promise<string[]> {
  const since = () => w.rows().slice(w.rows().lastIndexOf(CLEAR) + 1)
  await w.a.until(() => w.clears() > 0 && w.drawing() === 0 && since().some((r) => r.includes(END)))
  // Anything still on its way would go up within a few frames: none may come.
  for (let i = 0; i < 5; i++) await w.a.renderOnce()
  return since()
}

const numbers = (rows: string[]) => rows.flatMap((r) => [...r.matchAll(/line (\d{4})/g)].map((m) => Number(m[1])))
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

function expectWhole(rows: string[], lines: number) {
  expect(numbers(rows)).toEqual(upTo(lines))
  expect(rows.filter((r) => r.includes(END))).toHaveLength(1)
  expect(rows.filter((r) => r.includes("count"))).toHaveLength(1)
}

test("a rewrite that starts while the reply's last steps wait behind a write being drawn writes them", async () => {
  const w = await window()
  await w.say(1, 20)
  await w.a.until(() => numbers(w.rows()).includes(19))
  w.hold()
  await w.say(21, 22)
  await w.a.until(() => w.drawing() > 0)
  // Queued behind the held write: the rest of the reply and its end.
  await w.say(23, 25)
  await w.finish()
  await rewrite(w)
  w.release()
  expectWhole(await afterLastClear(w), 25)
})

test("a rewrite that starts while the reply's last step is drawn writes it", async () => {
  const w = await window()
  await w.say(1, 25)
  // Line 25's block is finished only by what follows it: all before it is up.
  await w.a.until(() => numbers(w.rows()).includes(24))
  w.hold()
  await w.finish()
  await w.a.until(() => w.drawing() > 0)
  await rewrite(w)
  w.release()
  expectWhole(await afterLastClear(w), 25)
})

test("a reply that ends while a rewrite waits for the write on its way goes up whole after the clear", async () => {
  const w = await window()
  await w.say(1, 20)
  await w.a.until(() => numbers(w.rows()).includes(19))
  w.hold()
  await w.say(21, 22)
  await w.a.until(() => w.drawing() > 0)
  await rewrite(w)
  await w.say(23, 25)
  await w.finish()
  w.release()
  expectWhole(await afterLastClear(w), 25)
})

test("a resize and another rewrite asked for while a rewrite waits: the rows after the clear are at the new width, each once", async () => {
  const w = await window()
  await w.say(1, 20)
  await w.a.until(() => numbers(w.rows()).includes(19))
  w.hold()
  await w.say(21, 22)
  await w.a.until(() => w.drawing() > 0)
  await rewrite(w)
  // The terminal narrows while the rewrite waits, and another rewrite is asked for.
  w.a.resize(40, 24)
  await rewrite(w, "t")
  await w.say(23, 25)
  await w.finish()
  w.release()
  const rows = await afterLastClear(w)
  expectWhole(rows, 25)
  expect(rows.every((r) => r.length <= 40)).toBe(true)
})
