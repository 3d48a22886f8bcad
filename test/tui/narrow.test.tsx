// Small terminals and resizing: text wraps inside the columns it really has (never under the
// scrollbar), the chrome degrades to what fits, and a resize reflows every row.
import { afterEach, expect, test } from "bun:test"
import type { TranscriptItem } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const filler = (n: number): TranscriptItem[] => Array.from({ length: n }, (_, i) => item.user(`f${i}`, `earlier ${i}`))

test("with the scrollbar showing, a line as wide as the transcript wraps instead of losing its last column", async () => {
  // 40 columns: the scrollbar takes one, the reply's indent two, so 37 are left for its text.
  const last = "x".repeat(37) + "Z"
  const said = "y".repeat(37) + "W"
  app = await mountApp({ width: 40, height: 16 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        ...filler(20),
        item.user("u1", said),
        item.assistant("a1", last),
        item.tool("t1", "bash", { command: "ls" }, { output: "o".repeat(35) + "V" }),
      ],
    }),
  })
  const frame = await app.until("ooo")
  expect(frame).toContain("Z")
  expect(frame).toContain("W")
  expect(frame).toContain("V")
})

test("at 20 columns the welcome, working line, composer and status bar keep to their own rows", async () => {
  app = await mountApp({ width: 20, height: 14 })
  await app.emit({ type: "snapshot", snapshot: snapshot() }, { type: "run", running: true })
  let frame = await app.until("Working")
  const lines = frame.split("\n")
  // Nothing drawn over anything else: the welcome's lines are clipped, not squeezed into others.
  expect(lines.find((l) => l.includes("Working"))).toMatch(/^ \S Working \(\d+s\)\s*$/)
  expect(lines.some((l) => l.includes("faux/faux-1") && l.trim() !== "faux/faux-1")).toBe(false)
  // The composer's hint fits its one line, and the status bar keeps the model.
  expect(frame).toMatch(/│ › Esc stops\s+│/)
  expect(lines.at(-2)).toContain("Faux One")
  await app.emit({ type: "run", running: false })
  frame = await app.until("Ask anything")
  expect(frame).toMatch(/│ › Ask anything\s+│/)
})

test("a resize reflows every row, narrower and back, losing no word", async () => {
  const words = Array.from({ length: 16 }, (_, i) => `word${i}`)
  app = await mountApp({ width: 80, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.user("u1", words.slice(0, 8).join(" ")),
        item.assistant("a1", words.slice(8).join(" ")),
        item.tool("t1", "bash", { command: "ls" }, { output: "alpha beta gamma delta epsilon zeta eta theta" }),
      ],
    }),
  })
  const rowsOf = (frame: string, word: string) => frame.split("\n").findIndex((l) => l.includes(word))
  let frame = await app.until("word15")
  expect(rowsOf(frame, "word15") - rowsOf(frame, "word8")).toBe(0)
  for (const width of [20, 40, 80]) {
    app.resize(width, 30)
    frame = await app.until((f) => words.every((w) => f.includes(w)) && f.includes("theta"))
    for (const line of frame.split("\n").slice(0, 30)) expect(line.length).toBe(width)
    // The reply takes more lines when narrow, and one again at full width.
    const span = rowsOf(frame, "word15") - rowsOf(frame, "word8")
    expect(width === 80 ? span === 0 : span > 0).toBe(true)
  }
})
