import { afterEach, describe, expect, test } from "bun:test"
import { focusedLine, LAYOUT, lineWith, MANY, mountDock, STACK, TESTS, type Dock } from "./question-dock-harness"

let dock: Dock | undefined
afterEach(() => {
  dock?.renderer.destroy()
  dock = undefined
})
const mount = async (...args: Parameters<typeof mountDock>) => (dock = await mountDock(...args))

/** The contract's layout, computed independently: gutter, label one third, two-cell gap, description. */
function expectedColumns(width: number, markerWidth: number) {
  const inner = width - 2
  const gutter = 2 + markerWidth
  const label = Math.floor((inner - gutter) / 3)
  return { labelCol: 1 + gutter, labelWidth: label, descCol: 1 + gutter + label + 2 }
}

describe.each([120, 80, 59, 40])("at %i columns", (width) => {
  // Single-choice markers are a number column ("9." wide) and a radio mark: "1. ○ ".
  const cols = expectedColumns(width, 5)

  test("tabs, numbered markers and aligned three-cell rows that wrap inside their cells", async () => {
    const d = await mount([STACK, TESTS], { width, height: 30 })
    const frame = await d.frame()
    const rows = frame.split("\n")
    expect(rows[1]).toContain("· Stack")
    expect(rows[1]).toContain("· Tests")
    expect(rows[1]).toContain("Review")
    expect(frame.replace(/\s+/g, " ")).toContain("Which runtime should the new service use?")
    for (const [marker, label] of [
      ["1.", "Bun"],
      ["2.", "Node.js"],
      ["3.", "Deno"],
      ["4.", "Something"],
    ]) {
      const line = lineWith(frame, `${marker} `)
      expect(line.indexOf(label!)).toBe(cols.labelCol)
    }
    // Descriptions start in the same column on every row, on the label's first line (never stacked).
    expect(lineWith(frame, "1. ○ Bun").indexOf("Fast")).toBe(cols.descCol)
    expect(lineWith(frame, "2. ○ Node.js").indexOf("The most")).toBe(cols.descCol)
    expect(lineWith(frame, "4. ○ Something").indexOf("type your own")).toBe(cols.descCol)
    // Wrapped description lines keep the column; wrapped label lines keep theirs.
    const nodeAt = rows.findIndex((l) => l.includes("2. ○ Node.js"))
    const descText = "The most widely deployed option with the largest ecosystem of packages"
    const descRows: string[] = []
    for (let y = nodeAt; y < rows.length && !rows[y]!.includes("3. "); y++) {
      expect(
        rows[y]!.slice(0, cols.descCol)
          .slice(cols.labelCol + "Node.js".length)
          .trim(),
      ).toBe("")
      descRows.push(rows[y]!.slice(cols.descCol).trim())
    }
    expect(descRows.join(" ")).toBe(descText)
    const denoAt = rows.findIndex((l) => l.includes("3. ○ Deno"))
    const labelRows: string[] = []
    for (let y = denoAt; !rows[y]!.includes("4. "); y++) {
      expect(rows[y]!.slice(cols.labelCol + cols.labelWidth).trim()).toBe("")
      labelRows.push(rows[y]!.slice(cols.labelCol, cols.labelCol + cols.labelWidth).trim())
    }
    // A word wider than the label cell (at 40 columns) breaks inside the cell rather than overflow it.
    const label = "Deno with a deliberately long label that has to wrap"
    expect(labelRows.join(" ").replace(/ /g, "")).toBe(label.replace(/ /g, ""))
    if (cols.labelWidth >= 12) expect(labelRows.join(" ")).toBe(label)
    expect(labelRows.length).toBe(width >= 120 ? 2 : width >= 80 ? 3 : width >= 59 ? 4 : 7)
  })

  test("the recommendation mark fits the label column", async () => {
    const d = await mount([STACK], { width })
    const frame = await d.frame()
    const line = lineWith(frame, "1. ○ Bun")
    if (cols.labelWidth < 14) {
      expect(line).toContain("Bun (Rec.)")
      expect(line).not.toContain("(Recommended)")
    } else if (cols.labelWidth >= "Bun (Recommended)".length) expect(line).toContain("Bun (Recommended)")
    // Too wide for the label's line: the mark takes the next line of the label cell.
    else expect(lineWith(frame, "(Recommended)").indexOf("(Recommended)")).toBe(cols.labelCol)
  })

  test("checkbox markers, the selection rule, the refusal message and a wrapped note", async () => {
    const d = await mount([TESTS], { width, height: 30 })
    let frame = await d.frame()
    expect(frame).toContain("Select 1 to 2 answers.")
    const multi = expectedColumns(width, 2)
    expect(lineWith(frame, "○ Unit").indexOf("Pure functions")).toBe(multi.descCol)
    expect(lineWith(frame, "○ Fuzz").slice(multi.descCol).trim()).toBe("")
    d.keys.pressKey(" ")
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    frame = await d.frame()
    expect(frame).toContain("✓ Unit")
    expect(frame).toContain("✓ End to end")
    expect(frame).toContain("○ Fuzz")
    expect(frame).toContain("Choose at most 2 answers.")
    expect(lineWith(frame, "Tests")).toContain("✓ Tests")
    d.keys.pressArrow("up")
    d.keys.pressKey("n")
    await d.keys.typeText("only the slow suite, nightly, with retries off and a long sentence to wrap")
    frame = await d.frame()
    expect(frame).not.toContain("Choose at most 2 answers.")
    const noteAt = frame.split("\n").findIndex((l) => l.includes("↳ note"))
    expect(frame.split("\n")[noteAt]!.indexOf("only")).toBe(multi.descCol)
    const noteRows = frame.split("\n").slice(noteAt)
    const end = noteRows.findIndex((l, i) => i > 0 && l.slice(0, multi.descCol).trim() !== "")
    const noteText = noteRows
      .slice(0, end)
      .map((l) => l.slice(multi.descCol).trim())
      .filter(Boolean)
    expect(noteText.join(" ")).toBe("only the slow suite, nightly, with retries off and a long sentence to wrap")
  })

  test("the hint is compact under 60 columns", async () => {
    const d = await mount([STACK], { width })
    const frame = await d.frame()
    if (width < 60) {
      expect(frame).toContain("←→ ↑↓ space 1-9 n tab · esc")
      expect(frame).not.toContain("esc cancel")
    } else expect(frame).toContain("←→ questions · ↑↓ move · enter choose · n note · tab fields · esc cancel")
  })

  test("the review step lists every question with its answer", async () => {
    const d = await mount([STACK, TESTS], { width, height: 30 })
    d.keys.pressKey("2")
    d.keys.pressArrow("right")
    d.keys.pressArrow("right")
    const frame = await d.frame()
    expect(frame).toContain("Review your answers")
    const body = frame.slice(frame.indexOf("Review your answers"))
    expect(lineWith(body, "✓ Stack")).toContain("Node.js")
    expect(lineWith(body, "· Tests")).toContain("(no answer)")
    expect(focusedLine(frame)).toContain("[ Submit ]")
  })
})

describe("sketch preview", () => {
  test("at 120 columns the whole 80-column canvas shows in a border-only frame", async () => {
    const d = await mount([LAYOUT], { width: 120, height: 20 })
    const frame = await d.frame()
    expect(frame).toContain("┌" + "─".repeat(80) + "┐")
    expect(frame).toContain("│┌" + "─".repeat(78) + "┐│")
    expect(frame).toContain("││ Sidebar           │ Content")
    expect(frame).toContain("│├───────────────────┬")
    expect(frame).toContain("END-->│")
  })

  test("at 200 columns the preview sits beside the choices, not below them", async () => {
    const d = await mount([LAYOUT], { width: 200, height: 24 })
    const rows = await d.lines()
    const top = rows.findIndex((l) => l.includes("┌" + "─".repeat(80) + "┐"))
    const last = rows.findIndex((l) => l.includes("No sketch"))
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(last)
    // The choices keep their own column: the first is whole, left of the frame.
    const first = rows.find((l) => l.includes("Wide"))!
    expect(first.indexOf("Wide")).toBeLessThan(first.indexOf("│"))
    expect(rows.join("\n")).toContain("END-->│")
  })

  test("moving focus changes the preview, not the answer", async () => {
    const d = await mount([LAYOUT], { width: 120, height: 20 })
    d.keys.pressArrow("down")
    let frame = await d.frame()
    expect(frame).toContain("││ tiny │")
    expect(frame).not.toContain("Sidebar")
    expect(lineWith(frame, "Layout")).toContain("· Layout")
    d.keys.pressArrow("down")
    frame = await d.frame()
    expect(frame).not.toContain("tiny")
    expect(frame).toContain("┌" + "─".repeat(80) + "┐")
  })

  test("at 40 columns the frame fits the dock and Shift+arrows pan a bounded window", async () => {
    const d = await mount([LAYOUT], { width: 40, height: 14 })
    let frame = await d.frame()
    const rows = frame.split("\n")
    const top = rows.findIndex((l) => l.startsWith(" ┌─"))
    expect(rows[top]).toBe(" ┌" + "─".repeat(36) + "┐ ")
    const view = () =>
      rows
        .slice(top + 1)
        .filter((l) => l.startsWith(" │"))
        .map((l) => l.slice(2, 38))
    expect(view()[0]).toBe("┌" + "─".repeat(35))
    expect(frame).toContain("⇧+arrows")
    for (let i = 0; i < 20; i++) d.keys.pressArrow("right", { shift: true })
    frame = await d.frame()
    expect(frame).toContain("[ Save ]    ││")
    expect(frame).not.toContain("Header")
    // Vertical: the window is shorter than the sketch, so Shift+Down reaches the last row.
    expect(frame).not.toContain("END-->")
    for (let i = 0; i < 10; i++) d.keys.pressArrow("down", { shift: true })
    frame = await d.frame()
    expect(frame).toContain("END-->│")
    for (let i = 0; i < 30; i++) d.keys.pressArrow("left", { shift: true })
    for (let i = 0; i < 10; i++) d.keys.pressArrow("up", { shift: true })
    frame = await d.frame()
    expect(frame).toContain("││ Header")
  })
})

describe("bounded scrolling body", () => {
  test("the body scrolls inside its bound; tabs and the action row stay; focus stays visible", async () => {
    const d = await mount([MANY], { width: 60, height: 14 })
    let frame = await d.frame()
    expect(frame).toContain("Pick one of many options")
    expect(frame).toContain("[ Review › ]")
    expect(frame).toContain("↕ 1-8/38")
    expect(frame).not.toContain("Option 4")
    for (let i = 1; i <= 12; i++) {
      frame = await d.frame()
      expect(focusedLine(frame)).toContain(i <= 9 ? `${i}. ○ Option ${i}` : `   ○ Option ${i}`)
      expect(frame).toContain("· Many")
      expect(frame).toContain("[ Review › ]")
      d.keys.pressArrow("down")
    }
    expect(focusedLine(await d.frame())).toContain("   ○ Something else")
  })

  test("PageDown/PageUp scroll a page and keep the focused row on screen", async () => {
    const d = await mount([MANY], { width: 60, height: 14 })
    d.keys.pressKey("\x1b[6~")
    let frame = await d.frame()
    expect(frame).toContain("↕ 9-16/38")
    // The question stays pinned above the scrolled body.
    expect(frame).toContain("Pick one of many options")
    expect(focusedLine(frame)).toContain("4. ")
    d.keys.pressKey("\x1b[6~")
    frame = await d.frame()
    expect(focusedLine(frame)).toContain("6. ")
    d.keys.pressKey("\x1b[5~")
    frame = await d.frame()
    expect(frame).toContain("↕ 9-16/38")
    // Option 6 straddles the window's bottom edge, so the last whole row (5) takes the focus.
    expect(focusedLine(frame)).toContain("5. ")
  })

  test("Ctrl+End and Ctrl+Home jump to the ends", async () => {
    const d = await mount([MANY], { width: 60, height: 14 })
    d.keys.pressKey("END", { ctrl: true })
    let frame = await d.frame()
    expect(frame).toContain("↕ 31-38/38")
    expect(focusedLine(frame)).toContain("Something else")
    d.keys.pressKey("HOME", { ctrl: true })
    frame = await d.frame()
    expect(frame).toContain("↕ 1-8/38")
    expect(frame).toContain("Pick one of many options")
    expect(focusedLine(frame)).toContain("1. ")
  })
})
