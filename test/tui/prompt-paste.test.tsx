import { describe, expect, test } from "bun:test"
import { pasteLabel, shouldCollapse } from "../../src/tui/component/prompt/paste-marks"
import { editorLines, composerMounter } from "./prompt-harness"

const mount = composerMounter()

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n")

describe("composer paste", () => {
  test("a short paste goes into the editor as text", async () => {
    const c = await mount()
    await c.mockInput.pasteBracketedText("two\r\nlines")
    expect(editorLines(await c.frame())).toEqual(["› two", "lines"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "two\nlines", "prompt"]])
  })

  test("a long paste shows as one mark and is sent in full", async () => {
    const c = await mount()
    await c.mockInput.typeText("look: ")
    await c.mockInput.pasteBracketedText(lines(120))
    await c.mockInput.typeText(" thanks")
    expect(editorLines(await c.frame())).toEqual(["› look: [pasted 120 lines] thanks"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", `look: ${lines(120)} thanks`, "prompt"]])
  })

  test("Backspace right after the mark removes it whole", async () => {
    const c = await mount()
    await c.mockInput.typeText("keep ")
    await c.mockInput.pasteBracketedText(lines(30))
    expect(editorLines(await c.frame())).toEqual(["› keep [pasted 30 lines]"])
    c.mockInput.pressBackspace()
    expect(editorLines(await c.frame())).toEqual(["› keep"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "keep", "prompt"]])
  })

  test("two marks in one prompt expand in place, and an edit between them is kept", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.pasteBracketedText("a".repeat(1500))
    await c.mockInput.typeText(" and ")
    await c.mockInput.pasteBracketedText(lines(12))
    expect(editorLines(await c.frame())).toEqual(["› [pasted 1,500 chars] and [pasted 12 lines]"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", `${"a".repeat(1500)} and ${lines(12)}`, "prompt"]])
  })

  test("after wide characters (CJK, emoji) a mark still expands in place", async () => {
    const c = await mount()
    await c.mockInput.pasteBracketedText("日本語 😀 é ")
    await c.mockInput.pasteBracketedText(lines(20))
    await c.mockInput.typeText(" end")
    expect(editorLines(await c.frame())).toEqual(["› 日本語 😀 é [pasted 20 lines] end"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", `日本語 😀 é ${lines(20)} end`, "prompt"]])
  })

  test("a multi-megabyte paste stays a mark and arrives intact", async () => {
    const c = await mount()
    const huge = Array.from({ length: 60_000 }, (_, i) => `row ${i} ${"z".repeat(80)}`).join("\n")
    expect(huge.length).toBeGreaterThan(5_000_000)
    await c.mockInput.pasteBracketedText(huge)
    expect(editorLines(await c.frame())).toEqual(["› [pasted 60,000 lines]"])
    c.mockInput.pressEnter()
    // History gives it back as a mark too, and it still sends whole.
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› [pasted 60,000 lines]"])
    c.mockInput.pressEnter()
    expect(c.calls).toHaveLength(2)
    for (const [kind, text] of c.calls) {
      expect(kind).toBe("send")
      expect(text === huge).toBe(true)
    }
  })

  test("escape sequences in pasted text are dropped", async () => {
    const c = await mount()
    await c.mockInput.pasteBracketedText("\x1b[31mred\x1b[0m")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "red", "prompt"]])
  })

  test("thresholds: over 10 lines or 1,000 characters", () => {
    expect(shouldCollapse(lines(10))).toBe(false)
    expect(shouldCollapse(lines(11))).toBe(true)
    expect(shouldCollapse("x".repeat(1000))).toBe(false)
    expect(shouldCollapse("x".repeat(1001))).toBe(true)
    expect(pasteLabel("x".repeat(1001))).toBe("[pasted 1,001 chars]")
  })

  test("a paste ending in a newline counts its lines, not the empty one after it", async () => {
    const c = await mount()
    await c.mockInput.pasteBracketedText(lines(500) + "\n")
    expect(editorLines(await c.frame())).toEqual(["› [pasted 500 lines]"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", lines(500), "prompt"]])
  })
})
