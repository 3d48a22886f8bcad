// Replies are styled by the window's own highlighter (no tree-sitter worker): markers concealed as
// before, and the styles land on the right characters, for prose and for code.
import { afterEach, describe, expect, test } from "bun:test"
import { RGBA, TextAttributes } from "@opentui/core"
import { codeHighlights } from "../../src/tui/component/message/highlight-code"
import { markdownHighlights } from "../../src/tui/component/message/highlight-markdown"
import { theme } from "../../src/tui/theme"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const REPLY = [
  "## Plan for the **parser**",
  "",
  "We change the *parser* so the `empty` case and the [error path](https://example.com/x) pass.",
  "",
  "- first, check `src/a.ts`",
  "- second: **bold** and _em_ and ~~gone~~, snake_case_name stays",
  "",
  "```ts",
  "// a comment",
  'export const parser = makeParser(42, "str")',
  "```",
  "",
  "Last line. END-MARK",
].join("\n")

/** The style of the span that is exactly `text`, else of the first span holding it. */
function styleOf(app: MountedApp, text: string) {
  const spans = app.captureSpans().lines.flatMap((line) => line.spans)
  const span = spans.find((s) => s.text === text) ?? spans.find((s) => s.text.includes(text))
  if (!span) throw new Error(`no span holds ${JSON.stringify(text)}`)
  return span
}

const hex = (c: RGBA) =>
  "#" +
  c
    .toInts()
    .slice(0, 3)
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")
const has = (attrs: number, flag: number) => (attrs & flag) !== 0

describe("a reply on screen", () => {
  test("markers are hidden and every kind of markup gets its style, without a tree-sitter worker", async () => {
    app = await mountApp({ width: 100, height: 30 })
    await app.emit({
      type: "snapshot",
      snapshot: snapshot({ items: [item.user("u1", "go"), item.assistant("a1", REPLY)] }),
    })
    const frame = await app.until("END-MARK")
    // styles land with the highlight pass, a frame after the text
    await app.until(() => hex(styleOf(app!, "makeParser").fg) === theme.syntax.function)
    expect(frame).toContain("Plan for the parser")
    expect(frame).not.toContain("##")
    expect(frame).toContain("We change the parser so the empty case and the error path (https://example.com/x) pass.")
    expect(frame).toContain("- second: bold and em and gone, snake_case_name stays")
    expect(frame).toContain("// a comment")
    expect(frame).toContain('export const parser = makeParser(42, "str")')

    const heading = styleOf(app, "Plan for the")
    expect(hex(heading.fg)).toBe(theme.md.heading)
    expect(has(heading.attributes, TextAttributes.BOLD)).toBe(true)
    expect(has(styleOf(app, "bold").attributes, TextAttributes.BOLD)).toBe(true)
    expect(has(styleOf(app, "em").attributes, TextAttributes.ITALIC)).toBe(true)
    expect(hex(styleOf(app, "empty").fg)).toBe(theme.md.code)
    expect(hex(styleOf(app, "https://example.com/x").fg)).toBe(theme.md.linkUrl)
    expect(hex(styleOf(app, "-").fg)).toBe(theme.md.listBullet)
    expect(hex(styleOf(app, "export").fg)).toBe(theme.syntax.keyword)
    expect(hex(styleOf(app, '"str"').fg)).toBe(theme.syntax.string)
    expect(hex(styleOf(app, "42").fg)).toBe(theme.syntax.number)
    expect(hex(styleOf(app, "makeParser").fg)).toBe(theme.syntax.function)
    const comment = styleOf(app, "// a comment")
    expect(hex(comment.fg)).toBe(theme.syntax.comment)
    expect(has(comment.attributes, TextAttributes.ITALIC)).toBe(true)
    expect(hex(styleOf(app, "snake_case_name stays").fg)).toBe(theme.text)

    // OpenTUI keeps its tree-sitter client in a global bag: nothing asked for one.
    const bag = (globalThis as Record<symbol, Record<string, unknown> | undefined>)[
      Symbol.for("@opentui/core/singleton")
    ]
    expect(bag?.["tree-sitter-client"]).toBeUndefined()
  })
})

describe("highlight ranges", () => {
  const spans = (text: string, hl: [number, number, string, Record<string, unknown>?][]) =>
    hl.map(([s, e, group, meta]) => [text.slice(s, e), group, ...(meta?.conceal !== undefined ? [meta.conceal] : [])])

  test("emphasis pairs like CommonMark: nesting, runs of three, no intraword underscores", () => {
    const text = "***both*** and **a *b* c** and 2*3*4 and a_b_c and __x__"
    const got = spans(text, markdownHighlights(text))
    // <em><strong>both</strong></em>
    expect(got).toContainEqual(["***both***", "markup.italic"])
    expect(got).toContainEqual(["**both**", "markup.strong"])
    expect(got).toContainEqual(["**a *b* c**", "markup.strong"])
    expect(got).toContainEqual(["*b*", "markup.italic"])
    expect(got).toContainEqual(["__x__", "markup.strong"])
    expect(got.filter(([t]) => String(t).includes("b_c"))).toEqual([])
    // `2*3*4`: both stars are intraword and may pair (as CommonMark does)
    expect(got).toContainEqual(["*3*", "markup.italic"])
  })

  test("code spans hide their backticks and shield what is inside; escapes stay literal", () => {
    const text = "a ``x `y` **z**`` b \\*not em\\*"
    const got = spans(text, markdownHighlights(text))
    expect(got).toContainEqual(["``x `y` **z**``", "markup.raw"])
    expect(got).toContainEqual(["``", "conceal", ""])
    expect(got.some(([, g]) => g === "markup.strong" || g === "markup.italic")).toBe(false)
    expect(got).toContainEqual(["\\*", "string.escape"])
  })

  test("unclosed markup while a reply streams is left as it is", () => {
    for (const text of ["half **bold", "a `code", "[label](http://x", "**", "`", "["]) {
      const got = spans(text, markdownHighlights(text))
      expect(got.filter(([, g]) => g === "conceal")).toEqual([])
    }
  })

  test("code: strings with escapes, block comments, numbers, keywords by language", () => {
    const ts = 'const s = "a \\" b" /* c */ + 0x1f // d'
    expect(spans(ts, codeHighlights(ts, "typescript"))).toEqual([
      ["const", "keyword"],
      ["=", "operator"],
      ['"a \\" b"', "string"],
      ["/* c */", "comment"],
      ["+", "operator"],
      ["0x1f", "number"],
      ["// d", "comment"],
    ])
    const py = 'def f(x):\n    return x # note\n"""doc\nstring"""'
    const got = spans(py, codeHighlights(py, "python"))
    expect(got).toContainEqual(["def", "keyword"])
    expect(got).toContainEqual(["f", "function"])
    expect(got).toContainEqual(["# note", "comment"])
    expect(got).toContainEqual(['"""doc\nstring"""', "string"])
    const sh = "echo $HOME#not-a-comment # but this is"
    expect(spans(sh, codeHighlights(sh, "bash"))).toContainEqual(["# but this is", "comment"])
  })
})
