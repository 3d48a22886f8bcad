// A markdown reply reads like a document: heading levels look different, the
// reply's text starts a row below its thinking, and a table is as wide as its cells with room in them.
import { afterEach, expect, test } from "bun:test"
import { TextAttributes } from "@opentui/core"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const REPLY = [
  "# Title one",
  "",
  "Some prose.",
  "",
  "## Section two",
  "",
  "### Third level",
  "",
  "| col A | col B |",
  "|---|---|",
  "| 1 | two |",
  "",
  "END-MARK",
].join("\n")

async function mountReply() {
  app = await mountApp({ width: 80, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.user("u1", "show me markdown"),
        item.assistant("a1", "", {
          blocks: [
            { type: "thinking", text: "The user wants markdown" },
            { type: "text", text: REPLY },
          ],
        }),
      ],
    }),
  })
  return (await app.until("END-MARK")).split("\n")
}

const lineOf = (lines: string[], text: string) => {
  const at = lines.findIndex((l) => l.includes(text))
  if (at < 0) throw new Error(`"${text}" not on screen:\n${lines.join("\n")}`)
  return at
}

test("the reply's text starts one row below the thinking row", async () => {
  const lines = await mountReply()
  const thinking = lineOf(lines, "▸ Thinking")
  expect(lines[thinking + 1]!.trim()).toBe("")
  expect(lines[thinking + 2]).toMatch(/^ {2}Title one/)
})

test("heading levels are told apart: H1 underlined, H2 bold, H3 and deeper keep their #s", async () => {
  const lines = await mountReply()
  expect(lines[lineOf(lines, "Title one")]).not.toContain("#")
  expect(lines[lineOf(lines, "Section two")]).not.toContain("#")
  expect(lines[lineOf(lines, "Third level")]).toMatch(/^ {2}### Third level/)
  const spans = app!.captureSpans().lines.flatMap((l) => l.spans)
  const attrs = (text: string) => spans.find((s) => s.text.includes(text))!.attributes
  expect(attrs("Title one") & TextAttributes.UNDERLINE).toBeTruthy()
  expect(attrs("Title one") & TextAttributes.BOLD).toBeTruthy()
  expect(attrs("Section two") & TextAttributes.UNDERLINE).toBeFalsy()
  expect(attrs("Section two") & TextAttributes.BOLD).toBeTruthy()
})

test("a table is as wide as its cells, each with a space either side", async () => {
  const lines = await mountReply()
  const head = lines[lineOf(lines, "col A")]!
  expect(head.trimEnd()).toBe("  │ col A │ col B │")
  expect(lines[lineOf(lines, "│ 1")]!.trimEnd()).toBe("  │ 1     │ two   │")
})
