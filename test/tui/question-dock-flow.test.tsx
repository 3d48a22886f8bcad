// The dock's flow as a user meets it (issue #12): Enter answers and
// goes on, a selected row is marked without colour, digits reach what they number, Esc asks before it
// throws staged answers away, and short docks keep the question in view.
import { afterEach, describe, expect, test } from "bun:test"
import type { AskQuestion } from "../../src/protocol/ask-user"
import { focusedLine, LAYOUT, lineWith, MANY, mountDock, STACK, TESTS, type Dock } from "./question-dock-harness"

let dock: Dock | undefined
afterEach(() => {
  dock?.renderer.destroy()
  dock = undefined
})
const mount = async (questions: AskQuestion[], width = 80, height = 24) =>
  (dock = await mountDock(questions, { width, height }))

const YES_NO: AskQuestion = {
  id: "proceed",
  label: "Proceed",
  prompt: "Should I delete the build folder and rebuild?",
  choices: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ],
}

describe("Enter on a single choice selects it and goes on", () => {
  test("a one-question yes/no is answered by one Enter", async () => {
    const d = await mount([YES_NO])
    d.keys.pressEnter()
    await d.frame()
    expect(d.submitted).toEqual([[{ id: "proceed", value: "yes", label: "Yes", wasCustom: false, index: 1 }]])
  })

  test("with more questions, Enter moves to the next unanswered one, and submits at the last", async () => {
    const d = await mount([STACK, YES_NO])
    d.keys.pressArrow("down")
    d.keys.pressEnter()
    let frame = await d.frame()
    expect(frame).toContain("Should I delete the build folder")
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    expect(d.submitted).toEqual([])
    d.keys.pressArrow("down")
    d.keys.pressEnter()
    await d.frame()
    expect(d.submitted).toEqual([
      [
        { id: "stack", value: "node", label: "Node.js", wasCustom: false, index: 2 },
        { id: "proceed", value: "no", label: "No", wasCustom: false, index: 2 },
      ],
    ])
  })

  test("Enter on the last question goes back to an earlier one still unanswered", async () => {
    const d = await mount([YES_NO, STACK])
    d.keys.pressArrow("right")
    d.keys.pressEnter()
    const frame = await d.frame()
    expect(frame).toContain("Should I delete the build folder")
    expect(d.submitted).toEqual([])
  })

  test("Space only selects, and the selected row carries a mark that is not a colour", async () => {
    const d = await mount([STACK])
    d.keys.pressArrow("down")
    d.keys.pressKey(" ")
    const frame = await d.frame()
    expect(d.submitted).toEqual([])
    expect(lineWith(frame, "Node.js")).toContain("2. ● Node.js")
    expect(lineWith(frame, "Bun")).not.toContain("●")
  })
})

describe("digits pick and move on, as Enter on their row does", () => {
  const RUNTIME: AskQuestion = { ...STACK, id: "runtime", label: "Runtime" }
  test("a digit on a single choice picks it and goes to the next question; the last one answers", async () => {
    const d = await mount([STACK, RUNTIME])
    d.keys.pressKey("3")
    let frame = await d.frame()
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    expect(lineWith(frame, "Runtime")).toContain("· Runtime")
    expect(focusedLine(frame)).toContain("1. ○ Bun")
    expect(d.submitted).toEqual([])
    d.keys.pressKey("2")
    await d.frame()
    expect(d.submitted).toEqual([
      [
        {
          id: "stack",
          value: "deno",
          label: "Deno with a deliberately long label that has to wrap",
          wasCustom: false,
          index: 3,
        },
        { id: "runtime", value: "node", label: "Node.js", wasCustom: false, index: 2 },
      ],
    ])
  })

  test("a digit on a multiple choice toggles it and stays", async () => {
    const d = await mount([TESTS, STACK])
    d.keys.pressKey("1")
    d.keys.pressKey("3")
    let frame = await d.frame()
    expect(frame).toContain("Which kinds of tests")
    expect(lineWith(frame, "Unit")).toContain("✓ Unit")
    expect(lineWith(frame, "Fuzz")).toContain("✓ Fuzz")
    d.keys.pressKey("1")
    frame = await d.frame()
    expect(frame).toContain("Which kinds of tests")
    expect(lineWith(frame, "Unit")).not.toContain("✓")
    expect(d.submitted).toEqual([])
  })
})

describe("digits reach what they number", () => {
  test("the Something else row has its number, and its digit goes to the free-text answer", async () => {
    const d = await mount([STACK])
    let frame = await d.frame()
    expect(lineWith(frame, "Something else")).toContain("4.")
    d.keys.pressKey("4")
    frame = await d.frame()
    expect(focusedLine(frame)).toContain("Something else")
    await d.keys.typeText("deno")
    d.keys.pressEnter()
    expect(lineWith(await d.frame(), "Something else")).toContain("deno")
  })

  test("rows past 9 have no number, so no digit pretends to reach them", async () => {
    const d = await mount([MANY], 100, 40)
    const frame = await d.frame()
    expect(lineWith(frame, "Option 9 ")).toContain("9. ")
    expect(lineWith(frame, "Option 10")).not.toContain("10.")
    expect(lineWith(frame, "Option 12")).not.toContain("12.")
    expect(lineWith(frame, "Something else")).not.toContain("13.")
  })
})

describe("Esc with answers staged asks first", () => {
  test("Esc with nothing staged cancels at once", async () => {
    const d = await mount([STACK, TESTS])
    d.keys.pressEscape()
    await d.frame()
    expect(d.cancels()).toBe(1)
  })

  test("Esc with an answer staged asks; another key keeps the answers; Esc twice discards", async () => {
    const d = await mount([STACK, TESTS])
    d.keys.pressKey("2")
    d.keys.pressEscape()
    let frame = await d.frame()
    expect(d.cancels()).toBe(0)
    expect(frame).toContain("Discard your answers? Esc again discards them; any other key goes back.")
    d.keys.pressArrow("down")
    frame = await d.frame()
    expect(frame).not.toContain("Discard your answers?")
    expect(lineWith(frame, "Stack")).toContain("✓ Stack")
    d.keys.pressEscape()
    d.keys.pressEscape()
    await d.frame()
    expect(d.cancels()).toBe(1)
  })
})

describe("short docks", () => {
  test("the question's prompt stays on screen while the body scrolls", async () => {
    const d = await mount([MANY], 60, 9)
    for (let i = 0; i < 8; i++) d.keys.pressArrow("down")
    const frame = await d.frame()
    expect(focusedLine(frame)).toContain("Option 9")
    expect(frame).toContain("Pick one of many options")
  })

  test("PageUp scrolls up in a sketch dock at 15 rows", async () => {
    // dockHeight(15) is 9 rows.
    const d = await mount([LAYOUT], 120, 9)
    expect(await d.frame()).toContain("Which layout?")
    d.keys.pressKey("END", { ctrl: true })
    const bottom = await d.frame()
    const at = (f: string) => Number(/↕ (\d+)-/.exec(f)?.[1])
    const end = at(bottom)
    d.keys.pressKey("\x1b[5~")
    const up = await d.frame()
    expect(up).toContain("Which layout?")
    expect(at(up) || 0).toBeLessThan(end)
  })

  test("at 20 columns the scroll position does not overwrite the action button", async () => {
    const d = await mount([MANY], 20, 9)
    const frame = await d.frame()
    expect(frame).toContain("[ Review › ]")
    expect(lineWith(frame, "[ Review")).not.toMatch(/Review[^\]]*↕/)
  })
})
