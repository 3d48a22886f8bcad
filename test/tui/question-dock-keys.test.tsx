import { afterEach, describe, expect, test } from "bun:test"
import type { AskQuestion } from "../../src/protocol/ask-user"
import { focusedLine, LAYOUT, lineWith, mountDock, STACK, TESTS, type Dock } from "./question-dock-harness"

let dock: Dock | undefined
afterEach(() => {
  dock?.renderer.destroy()
  dock = undefined
})
const mount = async (questions: AskQuestion[], width = 80, height = 24) =>
  (dock = await mountDock(questions, { width, height }))

/** Walks to the review step and presses Submit. */
async function submit(d: Dock) {
  d.keys.pressKey("END", { ctrl: true })
  for (let i = 0; i < 8; i++) d.keys.pressArrow("right")
  await d.frame()
  d.keys.pressEnter()
}

describe("keys", () => {
  test("Left/Right switch questions and keep staged answers", async () => {
    const d = await mount([STACK, TESTS])
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    d.keys.pressArrow("right")
    let frame = await d.frame()
    expect(frame).toContain("Which kinds of tests")
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    d.keys.pressKey(" ")
    d.keys.pressArrow("left")
    frame = await d.frame()
    expect(frame).toContain("Which runtime")
    expect(lineWith(frame, "Tests")).toContain("✓ Tests")
    d.keys.pressArrow("left")
    expect(await d.frame()).toContain("Which runtime")
    await submit(d)
    expect(d.submitted).toEqual([
      [
        { id: "stack", value: "node", label: "Node.js", wasCustom: false, index: 2 },
        { id: "tests", multiple: true, selections: [{ value: "unit", label: "Unit", wasCustom: false, index: 1 }] },
      ],
    ])
  })

  test("Up/Down move the focus without changing the answer", async () => {
    const d = await mount([STACK])
    expect(focusedLine(await d.frame())).toContain("1. ○ Bun")
    d.keys.pressArrow("down")
    d.keys.pressArrow("down")
    expect(focusedLine(await d.frame())).toContain("3. ○ Deno")
    d.keys.pressArrow("up")
    const frame = await d.frame()
    expect(focusedLine(frame)).toContain("2. ○ Node.js")
    expect(lineWith(frame, "Stack")).toContain("· Stack")
  })

  test("single choice: Space selects, only one at a time; Enter selects and answers", async () => {
    const d = await mount([STACK])
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    expect(lineWith(await d.frame(), "Stack")).toContain("✓ Stack")
    d.keys.pressArrow("up")
    d.keys.pressKey(" ")
    let frame = await d.frame()
    expect(focusedLine(frame)).toContain("1. ● Bun")
    expect(lineWith(frame, "Node.js")).toContain("2. ○ Node.js")
    expect(d.submitted).toEqual([])
    d.keys.pressArrow("down")
    d.keys.pressArrow("down")
    d.keys.pressEnter()
    frame = await d.frame()
    expect(d.submitted[0]).toEqual([
      {
        id: "stack",
        value: "deno",
        label: "Deno with a deliberately long label that has to wrap",
        wasCustom: false,
        index: 3,
      },
    ])
  })

  test("multiple: Space and Enter toggle; past the maximum the toggle is refused inside the dock", async () => {
    const d = await mount([TESTS])
    d.keys.pressKey(" ")
    d.keys.pressArrow("down")
    d.keys.pressEnter()
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    let frame = await d.frame()
    expect(frame).toContain("Choose at most 2 answers.")
    expect(frame).toContain("○ Fuzz")
    d.keys.pressArrow("up")
    d.keys.pressKey(" ")
    frame = await d.frame()
    expect(frame).not.toContain("Choose at most")
    expect(frame).toContain("○ End to end")
    d.keys.pressArrow("down")
    d.keys.pressEnter()
    expect(await d.frame()).toContain("✓ Fuzz")
    await submit(d)
    expect(d.submitted[0]).toEqual([
      {
        id: "tests",
        multiple: true,
        selections: [
          { value: "unit", label: "Unit", wasCustom: false, index: 1 },
          { value: "fuzz", label: "Fuzz", wasCustom: false, index: 3 },
        ],
      },
    ])
  })

  test("n opens a note on the focused selected choice only; the note is answered", async () => {
    const d = await mount([STACK])
    d.keys.pressKey("n")
    expect(await d.frame()).toContain("Select this choice before adding a note.")
    d.keys.pressKey(" ")
    d.keys.pressKey("n")
    await d.keys.typeText("fast 1 n")
    const frame = await d.frame()
    expect(lineWith(frame, "↳ note")).toContain("fast 1 n")
    expect(focusedLine(frame)).toContain("↳ note")
    await submit(d)
    expect(d.submitted[0]).toEqual([
      { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1, note: "fast 1 n" },
    ])
  })

  test("Tab/Shift+Tab visit notes, the free-text answer and the action without creating notes", async () => {
    const d = await mount([TESTS])
    d.keys.pressKey(" ")
    d.keys.pressKey("n")
    await d.keys.typeText("x")
    d.keys.pressArrow("down")
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    d.keys.pressKey("HOME", { ctrl: true })
    d.keys.pressTab()
    expect(focusedLine(await d.frame())).toContain("↳ note")
    d.keys.pressTab()
    expect(focusedLine(await d.frame())).toContain("Something else")
    d.keys.pressTab()
    expect(focusedLine(await d.frame())).toContain("[ Review › ]")
    d.keys.pressTab()
    expect(focusedLine(await d.frame())).toContain("↳ note")
    d.keys.pressTab({ shift: true })
    expect(focusedLine(await d.frame())).toContain("[ Review › ]")
    d.keys.pressTab({ shift: true })
    const frame = await d.frame()
    expect(focusedLine(frame)).toContain("Something else")
    expect(frame.split("\n").filter((l) => l.includes("↳ note")).length).toBe(1)
  })

  test("Escape cancels from anywhere, even a text field (asking first, answers being staged); nothing is submitted", async () => {
    const d = await mount([STACK])
    d.keys.pressKey(" ")
    d.keys.pressArrow("down", {})
    d.keys.pressTab()
    await d.keys.typeText("half typed")
    d.keys.pressEscape()
    expect(d.cancels()).toBe(0)
    d.keys.pressEscape()
    expect(d.cancels()).toBe(1)
    d.keys.pressEnter()
    d.keys.pressEscape()
    expect(d.cancels()).toBe(1)
    expect(d.submitted).toEqual([])
  })

  test("single choice: typed free text is the answer, and the earlier choice comes back if it is erased", async () => {
    const d = await mount([STACK])
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    d.keys.pressTab()
    await d.keys.typeText("deno")
    let frame = await d.frame()
    expect(lineWith(frame, "Something else")).toContain("deno")
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    await submit(d)
    expect(d.submitted[0]).toEqual([{ id: "stack", value: "deno", label: "deno", wasCustom: true }])
  })

  test("multiple: free text counts as one selection toward the maximum", async () => {
    const d = await mount([TESTS])
    d.keys.pressKey(" ")
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    d.keys.pressTab()
    await d.keys.typeText("x")
    let frame = await d.frame()
    expect(frame).toContain("Choose at most 2 answers.")
    expect(lineWith(frame, "Something else")).not.toContain("x")
    d.keys.pressKey("HOME", { ctrl: true })
    d.keys.pressKey(" ")
    d.keys.pressTab()
    await d.keys.typeText("property tests")
    frame = await d.frame()
    expect(lineWith(frame, "Something else")).toContain("✓ Something else")
    expect(lineWith(frame, "Something else")).toContain("property tests")
    await submit(d)
    expect(d.submitted[0]).toEqual([
      {
        id: "tests",
        multiple: true,
        selections: [
          { value: "e2e", label: "End to end", wasCustom: false, index: 2 },
          { value: "property tests", label: "property tests", wasCustom: true },
        ],
      },
    ])
  })

  test("a refused submission keeps choices, notes and typed text and says why inside the dock", async () => {
    const d = await mount([STACK, TESTS])
    d.keys.pressKey(" ")
    d.keys.pressKey("n")
    await d.keys.typeText("keep me")
    d.keys.pressArrow("right")
    d.keys.pressTab()
    await d.keys.typeText("   ")
    await submit(d)
    let frame = await d.frame()
    expect(d.submitted).toEqual([])
    expect(frame).toContain("Tests: The typed answer is blank.")
    expect(lineWith(frame.slice(frame.indexOf("Review your")), "Stack")).toContain("Bun")
    d.keys.pressArrow("left")
    // The Tests page still has its free-text field focused, with the caret after the kept spaces.
    expect(focusedLine(await d.frame())).toContain("Something else")
    await d.clickOn("Stack")
    frame = await d.frame()
    expect(lineWith(frame, "↳ note")).toContain("keep me")
    expect(lineWith(frame, "1. ● Bun")).toBeTruthy()
  })

  test("typing edits at the caret: Left/Right move it, Backspace/Delete erase, at the edge arrows switch tabs", async () => {
    const d = await mount([STACK, TESTS])
    d.keys.pressTab()
    await d.keys.typeText("dno")
    d.keys.pressArrow("left")
    d.keys.pressArrow("left")
    await d.keys.typeText("e")
    d.keys.pressKey("HOME")
    d.keys.pressKey("\x1b[3~")
    await d.keys.typeText("D")
    d.keys.pressKey("END")
    d.keys.pressBackspace()
    d.keys.pressBackspace()
    await d.keys.typeText("no")
    expect(lineWith(await d.frame(), "Something else")).toContain("Deno")
    d.keys.pressArrow("right")
    expect(await d.frame()).toContain("Which kinds of tests")
  })

  test("pasted text goes into the focused field as one paragraph", async () => {
    const d = await mount([STACK])
    d.keys.pressTab()
    await d.keys.pasteBracketedText("first line\nsecond line")
    expect(lineWith(await d.frame(), "Something else")).toContain("first line second line")
  })
})

describe("mouse", () => {
  test("clicking a tab switches question; clicking a row selects it", async () => {
    const d = await mount([STACK, TESTS])
    await d.clickOn("Tests")
    expect(await d.frame()).toContain("Which kinds of tests")
    await d.clickOn("End to end")
    let frame = await d.frame()
    expect(frame).toContain("✓ End to end")
    expect(focusedLine(frame)).toContain("End to end")
    await d.clickOn("End to end")
    expect(await d.frame()).toContain("○ End to end")
    await d.clickOn("Stack")
    await d.clickOn("Node.js")
    frame = await d.frame()
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    await d.clickOn("Review")
    await d.clickOn("Tests", 1)
    expect(await d.frame()).toContain("Which kinds of tests")
  })

  test("clicking the action button moves on, then submits", async () => {
    const d = await mount([STACK])
    await d.clickOn("Bun")
    await d.clickOn("[ Review › ]")
    expect(await d.frame()).toContain("Review your answers")
    await d.clickOn("[ Submit ]")
    expect(d.submitted).toEqual([[{ id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 }]])
  })

  test("hovering a row previews its sketch without selecting it", async () => {
    const d = await mount([LAYOUT], 120, 20)
    const rows = await d.lines()
    const y = rows.findIndex((l) => l.includes("2. ○ Box"))
    await d.mockMouse.moveTo(rows[y]!.indexOf("Box"), y)
    const frame = await d.frame()
    expect(frame).toContain("tiny")
    expect(lineWith(frame, "Layout")).toContain("· Layout")
  })
})
