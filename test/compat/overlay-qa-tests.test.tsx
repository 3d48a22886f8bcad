// Pi's overlay-qa-tests.ts example: thirteen commands that exercise pi-tui overlays. Anchors and the
// side panel are placed as pi-tui places them (test/tui/pi-components-overlay.test.tsx); here each
// of the others does what its description says in the window.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
const SIZE = { width: 120, height: 40 }

/** Row and column of the first row of the frame that contains `text`. */
function at(frame: string, text: string): { row: number; col: number } {
  const rows = frame.split("\n")
  const row = rows.findIndex((l) => l.includes(text))
  return { row, col: row === -1 ? -1 : rows[row]!.indexOf(text) }
}

test("overlay-qa-tests: /overlay-animation redraws on its own timer; Esc closes it", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-animation", "Test real-time animation in overlay")
  const first = Number(/Frame: (\d+)/.exec(await app.until("Animation Demo"))![1])
  await app.until((f) => Number(/Frame: (\d+)/.exec(f)?.[1] ?? 0) > first + 3)
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Animation Demo"))).toContain("Ask anything")
})

test("overlay-qa-tests: /overlay-margins steps through margins and offsets", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-margins", "Test margin and offset options")
  expect(at(await app.until("No margin (top-left)"), "╭────────── Margin Test")).toEqual({ row: 0, col: 0 })
  app.mockInput.pressKey(" ")
  expect(at(await app.until("Margin: 3 all sides"), "╭────────── Margin Test")).toEqual({ row: 3, col: 3 })
  app.mockInput.pressKey(" ")
  expect(at(await app.until("Margin: top=5, left=10"), "╭────────── Margin Test")).toEqual({ row: 5, col: 10 })
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Margin Test"))
})

test("overlay-qa-tests: /overlay-stack shows three overlays, front on top; each Esc closes the front one", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-stack", "Test stacked overlays")
  const all = await app.until("Layer: front (blue border)")
  expect(all).toContain("Layer: back (red border)")
  expect(all).toContain("Layer: middle (green border)")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Layer: front"))
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Layer: middle"))
  app.mockInput.pressEscape()
  expect(await app.until("Closed in order:")).not.toContain("Layer: back")
})

test("overlay-qa-tests: /overlay-overflow streams long coloured lines cut to the overlay's width", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-overflow", "Test width overflow with streaming process output")
  const frame = await app.until("Successfully processed 5 files")
  const row = frame.split("\n").find((l) => l.includes("▶ read:"))!
  // 90 wide, centred in 120: the right border is at column 104, nothing of the line beyond it.
  expect(row.indexOf("│", 20)).toBe(104)
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Streaming Output"))
})

test("overlay-qa-tests: /overlay-edge sits against the right edge", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-edge", "Test overlay positioned at terminal edge")
  const frame = await app.until("right edge of terminal")
  const row = frame.split("\n").find((l) => l.includes("right edge of terminal"))!
  expect(row.trimEnd().length).toBe(120)
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("right edge of terminal"))
})

test("overlay-qa-tests: /overlay-percent places the overlay by row and column percentages", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-percent", "Test percentage-based positioning")
  const top = at(await app.until("rowPercent: 0 (top)"), "╭─────── Percent Test")
  expect(top.row).toBe(0)
  app.mockInput.pressKey(" ")
  const middle = at(await app.until("rowPercent: 50 (middle)"), "╭─────── Percent Test")
  app.mockInput.pressKey(" ")
  const bottom = at(await app.until("rowPercent: 100 (bottom)"), "╭─────── Percent Test")
  expect(middle.row).toBeGreaterThan(top.row)
  // 8 rows against the bottom of 40.
  expect(bottom.row).toBe(32)
  app.mockInput.pressKey(" ")
  expect(at(await app.until("colPercent: 0 (left)"), "╭─────── Percent Test").col).toBe(0)
  app.mockInput.pressKey(" ")
  expect(at(await app.until("colPercent: 100 (right)"), "╭─────── Percent Test").col).toBe(90)
  app.mockInput.pressEscape()
})

test("overlay-qa-tests: /overlay-maxheight keeps 10 of its 21 rows", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-maxheight", "Test maxHeight truncation")
  const frame = await app.until("MaxHeight Test")
  expect(frame).toContain("Line 6 of 14")
  expect(frame).not.toContain("Line 7 of 14")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("MaxHeight Test"))
})

test("overlay-qa-tests: /overlay-toggle hides itself for a second on 't' (setHidden) and comes back", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-toggle", "Test overlay toggle")
  await app.until("Toggle count: 0")
  app.mockInput.pressKey("t")
  await app.until((f) => !f.includes("Toggle Demo"))
  expect(await app.until("Toggle count: 1")).toContain("Toggle Demo")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Toggle Demo"))
})

test("overlay-qa-tests: /overlay-passive: the passive timer panel takes no keys, the active one does", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-passive", "Test non-capturing overlay")
  await app.until("Non-Capturing Demo")
  expect(app.frame()).toContain("nonCapturing: true")
  await app.mockInput.typeText("abc")
  const typed = await app.until("inputs=3")
  expect(typed).toContain("focused=true")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Non-Capturing Demo"))).not.toContain("nonCapturing: true")
})

test("overlay-qa-tests: /overlay-focus: Tab gives the keys to each panel in turn (handle.focus), Esc dismisses one", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-focus", "Test focus cycling")
  await app.until("Focus + Input Demo")
  // The controller's Tab focuses the first panel; a panel's Tab the next one.
  app.mockInput.pressTab()
  await app.until("Current focus: Alpha")
  await app.mockInput.typeText("xy")
  await app.until((f) => f.includes("Alpha FOCUSED") && /Input: > ?xy/.test(f))
  app.mockInput.pressTab()
  await app.until("Current focus: Beta")
  await app.mockInput.typeText("q")
  const beta = await app.until((f) => /Input: > ?q/.test(f))
  // Alpha kept its text; the keys went to Beta only.
  expect(beta).toMatch(/Input: > ?xy/)
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Beta") && f.includes("Current focus: Gamma"))
  app.mockInput.pressKey("c", { ctrl: true })
  await app.until((f) => !f.includes("Focus + Input Demo"))
})

test("overlay-qa-tests: /overlay-streaming: Tab moves the keys from the controller through panels A, B, C", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], SIZE)
  await runCommand(app, "/overlay-streaming", "Multiple input panels with simulated streaming")
  const start = await app.until("Streaming line 2")
  expect(start).toContain("Current focus: Controller")
  expect(start).not.toContain("● FOCUSED")
  app.mockInput.pressTab()
  await app.until("Current focus: Panel A")
  await app.mockInput.typeText("aa")
  const a = await app.until("> aa")
  expect(a.match(/● FOCUSED/g)?.length).toBe(1)
  app.mockInput.pressTab()
  await app.until((f) => /Panel B[^\n]*\n[^\n]*\n[^\n]*● FOCUSED/.test(f))
  await app.mockInput.typeText("bb")
  expect(await app.until("> bb")).toContain("> aa")
  // Each Tab goes to the panel that has the keys when it is pressed. The focused panel draws on
  // top, over the controller's "Current focus" line.
  app.mockInput.pressTab()
  await app.until((f) => /Panel C[^\n]*\n[^\n]*\n[^\n]*● FOCUSED/.test(f))
  app.mockInput.pressTab()
  await app.until((f) => !f.includes("● FOCUSED"))
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Streaming + Input Test"))
})
