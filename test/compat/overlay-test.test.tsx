// Pi's overlay-test example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

/** Row and column of the first row of the frame that contains `text`. */
function at(frame: string, text: string): { row: number; col: number } {
  const rows = frame.split("\n")
  const row = rows.findIndex((l) => l.includes(text))
  return { row, col: row === -1 ? -1 : rows[row]!.indexOf(text) }
}

const open = usePiExamples()

test("overlay-test: 70 wide, centred on the 90×34 page, over it; it takes the typed text and Enter", async () => {
  const { app } = await open(["overlay-test.ts"])
  await runCommand(app, "/overlay-test", "Test overlay rendering with edge cases")
  const frame = await app.until("Overlay Test")
  // 16 rows: centred is row (34 - 16) / 2 = 9, column (90 - 70) / 2 = 10.
  expect(at(frame, "╭" + "─".repeat(68) + "╮")).toEqual({ row: 9, col: 10 })
  expect(at(frame, "╰" + "─".repeat(68) + "╯").row).toBe(24)
  // The page is still under it.
  expect(frame).toContain("Ask anything")
  await app.mockInput.typeText("abc")
  await app.until("▶ Search: abc")
  // The keys went to the overlay, not to the composer.
  expect(app.frame()).toContain("Ask anything")
  app.mockInput.pressEnter()
  const after = await app.until('Search: "abc"')
  expect(after).not.toContain("Overlay Test")
})
