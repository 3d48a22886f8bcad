// `$` at a word's start in the composer lists the session's loaded skills at the caret, as `@`
// lists files; taking one inserts `$name`, and the message is sent as typed (the host reads which
// `$name`s are skills: required-skills.test.tsx). A `$word` that names no skill is plain text.
import { describe, expect, test } from "bun:test"
import type { SkillInfo } from "../../src/protocol"
import { detectTrigger } from "../../src/tui/component/prompt/suggestions"
import { composerMounter, editorLines } from "./prompt-harness"

const mount = composerMounter()

const SKILLS: SkillInfo[] = [
  { name: "review-code", description: "Review code for bugs before a merge" },
  { name: "pdf-tools", description: "Extract text and tables from PDF files" },
  { name: "release-notes" },
]

/** The popup's rows (inside its border), trimmed at the right. */
function popupRows(frame: string): string[] {
  const lines = frame.split("\n")
  const top = lines.findIndex((l) => l.startsWith("╭"))
  const bottom = lines.findIndex((l, i) => i > top && l.startsWith("╰"))
  return lines.slice(top + 1, bottom).map((l) => l.trimEnd())
}

describe("$ skill completion", () => {
  for (const width of [80, 40]) {
    test(`at ${width} columns: $ lists the skills, typing narrows them, Tab inserts one`, async () => {
      const c = await mount({ skills: SKILLS, width, height: 16 })
      await c.mockInput.typeText("check $")
      const all = await c.until((f) => f.includes("$release-notes"))
      const rows = popupRows(all)
      expect(rows.length).toBe(3)
      if (width === 80) {
        const row = (text: string) => "│" + text.padEnd(78) + "│"
        expect(rows).toEqual([
          row("› $review-code  Review code for bugs before a merge"),
          row("  $pdf-tools  Extract text and tables from PDF files"),
          row("  $release-notes"),
        ])
      } else {
        // Narrow: the names stay whole; the descriptions are cut at the border.
        expect(rows[0]).toStartWith("│› $review-code  Review code for bugs")
        expect(rows[0]).toEndWith("│")
        expect(rows[0]!.length).toBe(40)
        expect(rows[1]).toStartWith("│  $pdf-tools  Extract text")
        expect(rows[2]).toStartWith("│  $release-notes ")
      }
      await c.mockInput.typeText("pd")
      const one = await c.until((f) => !f.includes("$review-code"))
      expect(popupRows(one).map((r) => r.slice(0, 15))).toEqual(["│› $pdf-tools  "])
      c.mockInput.pressTab()
      expect(editorLines(await c.frame())).toEqual(["› check $pdf-tools"])
      expect((await c.frame()).split("╭").length - 1).toBe(1) // the popup is gone, the composer remains
      await c.mockInput.typeText("now")
      c.mockInput.pressEnter()
      expect(c.calls).toEqual([["send", "check $pdf-tools now", "prompt"]])
    })
  }

  test("Enter takes the highlighted skill (Down moves it); a caret moved back into a token completes it", async () => {
    const c = await mount({ skills: SKILLS, width: 80 })
    await c.mockInput.typeText("$re")
    await c.until((f) => f.includes("$release-notes"))
    c.mockInput.pressArrow("down")
    c.mockInput.pressEnter()
    expect(editorLines(await c.frame())).toEqual(["› $release-notes"])
    expect(c.calls).toEqual([])
    await c.mockInput.typeText("and $pdf more")
    for (let i = 0; i < 5; i++) c.mockInput.pressArrow("left")
    await c.until((f) => f.includes("$pdf-tools  Extract"))
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› $release-notes and $pdf-tools  more"])
  })

  test("a $word that names no skill is text: no popup, Enter sends it as typed", async () => {
    const c = await mount({ skills: SKILLS, width: 80 })
    await c.mockInput.typeText("$nope")
    expect(await c.frame()).not.toContain("$review-code")
    expect((await c.frame()).split("╭").length - 1).toBe(1)
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "$nope", "prompt"]])
  })

  test("a $word no skill matches is left to the extensions' completions", async () => {
    const c = await mount({
      skills: SKILLS,
      width: 80,
      complete: async (text, cursor) => {
        const m = /\$([A-Z]*)$/.exec(text.slice(0, cursor))
        if (!m) return []
        const start = cursor - m[1]!.length
        return [{ label: "$HOME", description: "an environment variable", start, end: cursor, insert: "HOME" }]
      },
    })
    await c.mockInput.typeText("echo $HO")
    const frame = await c.until((f) => f.includes("an environment variable"))
    expect(frame).not.toContain("$review-code")
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› echo $HOME"])
  })

  test("with no skills loaded, $ opens nothing (a price in prose stays prose)", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.typeText("costs $")
    expect((await c.frame()).split("╭").length - 1).toBe(1)
    await c.mockInput.typeText("5")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "costs $5", "prompt"]])
  })

  test("a skill's name and description reach the terminal without their escape sequences", async () => {
    const c = await mount({
      skills: [{ name: "evil\u001b[2J", description: "desc \u001b]52;c;Zm9v\u0007with\u001b[31m red" }],
      width: 80,
    })
    await c.mockInput.typeText("$ev")
    const frame = await c.until((f) => f.includes("$evil"))
    expect(popupRows(frame)[0]).toStartWith("│› $evil  desc with red")
    expect(frame).not.toContain("\u001b")
  })

  test("triggers only in a $ token at a word's start, and only while there are skills", () => {
    expect(detectTrigger("a $re", 5, true)).toEqual({ kind: "skill", query: "re", start: 2, end: 5 })
    expect(detectTrigger("a $re", 5, false)).toBeUndefined()
    expect(detectTrigger("cost a$b", 8, true)).toBeUndefined()
    expect(detectTrigger("$pdf-tools more", 2, true)).toEqual({ kind: "skill", query: "p", start: 0, end: 10 })
    expect(detectTrigger("see @src", 8, true)).toEqual({ kind: "file", query: "src", start: 4, end: 8 })
    // A file's name may hold a `$`: skills loaded or not, `@` reads it whole.
    expect(detectTrigger("@a$b", 4, true)).toEqual({ kind: "file", query: "a$b", start: 0, end: 4 })
  })
})
