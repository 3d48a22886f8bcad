// Overlays of Pi components (ctx.ui.custom with overlay: true) in the window: sized by the host
// as pi-tui sizes them, placed by the window on its own screen as pi-tui places them.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

/** Row and column of the first row of the frame that contains `text`. */
function at(frame: string, text: string): { row: number; col: number } {
  const rows = frame.split("\n")
  const row = rows.findIndex((l) => l.includes(text))
  return { row, col: row === -1 ? -1 : rows[row]!.indexOf(text) }
}

test("overlay-anchors: each anchor puts the 40-wide overlay where pi-tui puts it", async () => {
  const { app } = await open(["overlay-qa-tests.ts"])
  await runCommand(app, "/overlay-anchors", "Cycle through all anchor positions")
  const topLeft = await app.until("Current: top-left")
  expect(at(topLeft, "╭──────────── Anchor Test")).toEqual({ row: 0, col: 0 })
  app.mockInput.pressKey(" ")
  const topCenter = await app.until("Current: top-center")
  expect(at(topCenter, "╭──────────── Anchor Test")).toEqual({ row: 0, col: 25 })
  app.mockInput.pressKey(" ")
  const topRight = await app.until("Current: top-right")
  expect(at(topRight, "╭──────────── Anchor Test")).toEqual({ row: 0, col: 50 })
  app.mockInput.pressKey(" ")
  const leftCenter = await app.until("Current: left-center")
  // 9 rows: (34 - 9) / 2 = 12.
  expect(at(leftCenter, "╭──────────── Anchor Test")).toEqual({ row: 12, col: 0 })
  app.mockInput.pressEnter()
  expect(await app.until("Selected: left-center")).not.toContain("Anchor Test")
})

test("overlay-sidepanel: shown only while the window is wide enough, as its visible() says", async () => {
  const { app } = await open(["overlay-qa-tests.ts"], { width: 120 })
  await runCommand(app, "/overlay-sidepanel", "Test responsive sidepanel")
  const wide = await app.until("Sidepanel")
  // 25% of 120 is 30 columns, against the right edge but one.
  const row = wide.split("\n").find((l) => l.includes("Sidepanel"))!
  expect(row.trimEnd().length).toBe(119)
  app.resize(90, 34)
  await app.until((f) => !f.includes("Sidepanel"))
  app.resize(120, 34)
  expect(await app.until("Sidepanel")).toContain("Ask anything")
})

test("inline screen: an overlay takes the composer's place whole (there is no screen to float over)", async () => {
  const { app } = await open(["overlay-test.ts"], { screen: "inline", height: 30 })
  await runCommand(app, "/overlay-test", "Test overlay rendering with edge cases")
  const frame = await app.until("↑↓ navigate • type to input")
  expect(frame).toContain("╰" + "─".repeat(68) + "╯")
  expect(frame).not.toContain("Ask anything")
  await app.mockInput.typeText("hi")
  await app.until("▶ Search: hi")
  app.mockInput.pressEscape()
  expect(await app.until("Ask anything")).not.toContain("Overlay Test")
})
