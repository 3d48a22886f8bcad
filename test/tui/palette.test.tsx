import { describe, expect, test } from "bun:test"
import { editorLines, composerMounter } from "./prompt-harness"
import { filterEntries, findEntry, type PaletteEntry } from "../../src/tui/component/palette/palette-entry"
import { fuzzyFilter, fuzzyScore } from "../../src/tui/util/fuzzy"

const mount = composerMounter()

/** The palette's rows: `›` marks the selected one. */
function paletteRows(frame: string): string[] {
  return frame
    .split("\n")
    .filter((l) => /^│[› ] \/\w/.test(l))
    .map((l) => l.slice(1, -1).trimEnd())
}

describe("command palette in the composer", () => {
  test("/ lists every command with its description", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.typeText("/")
    expect(paletteRows(await c.frame())).toEqual([
      "› /model  Choose the model",
      "  /exit  Leave the window",
      "  /review  Review the staged diff",
      "  /deploy  Ship it to staging",
    ])
  })

  test("an extension's command name and description reach the terminal without their escape sequences", async () => {
    const c = await mount({
      width: 80,
      commands: [
        {
          name: "evil\u001b[2J",
          description: "wipes \u001b]52;c;Zm9v\u0007the\u001b[31m clipboard",
          source: "extension",
        },
      ],
    })
    await c.mockInput.typeText("/ev")
    const frame = await c.until((f) => f.includes("/evil"))
    expect(paletteRows(frame)[0]).toBe("› /evil  wipes the clipboard")
    expect(frame).not.toContain("\u001b")
  })

  test("typing filters by name, alias and description", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.typeText("/rev")
    expect(paletteRows(await c.frame())).toEqual(["› /review  Review the staged diff"])
    c.mockInput.pressBackspace()
    c.mockInput.pressBackspace()
    c.mockInput.pressBackspace()
    await c.mockInput.typeText("quit")
    expect(paletteRows(await c.frame())).toEqual(["› /exit  Leave the window"])
    for (let i = 0; i < 4; i++) c.mockInput.pressBackspace()
    await c.mockInput.typeText("staging")
    expect(paletteRows(await c.frame())).toEqual(["› /deploy  Ship it to staging"])
  })

  test("Enter on a builtin calls onCommand; Down moves the selection", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.typeText("/")
    c.mockInput.pressArrow("down")
    expect(paletteRows(await c.frame())[1]).toBe("› /exit  Leave the window")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["command", "exit", ""]])
    expect(await c.frame()).not.toContain("/model")
  })

  test("Enter on an extension or prompt command sends it as text", async () => {
    const c = await mount({ running: true })
    await c.mockInput.typeText("/deploy")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "/deploy", "followUp"]])
  })

  test("Enter on a word that only resembles a command refuses it and keeps it; a highlight the person moved runs", async () => {
    const c = await mount({ width: 80 })
    await c.mockInput.typeText("/dep")
    expect(paletteRows(await c.frame())).toEqual(["› /deploy  Ship it to staging"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["command", "dep", ""]])
    expect(editorLines(await c.frame())).toEqual(["› /dep"])
    // The description matches too ("staging"): Enter is not a way to run it.
    for (let i = 0; i < 3; i++) c.mockInput.pressBackspace()
    await c.mockInput.typeText("staging")
    c.mockInput.pressEnter()
    expect(c.calls.at(-1)).toEqual(["command", "staging", ""])
    expect(editorLines(await c.frame())).toEqual(["› /staging"])
    c.mockInput.pressArrow("down")
    c.mockInput.pressEnter()
    expect(c.calls.at(-1)).toEqual(["send", "/deploy", "prompt"])
    expect(editorLines(await c.frame())[0]).toStartWith("› Ask anything")
  })

  test("Tab completes the name so arguments can follow", async () => {
    const c = await mount()
    await c.mockInput.typeText("/mo")
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› /model"])
    expect(paletteRows(await c.frame())).toEqual([])
    await c.mockInput.typeText("gpt-5 fast")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["command", "model", "gpt-5 fast"]])
  })

  test("Esc hides the palette and Enter then runs the typed alias; a prompt command takes arguments", async () => {
    const c = await mount()
    await c.mockInput.typeText("/q")
    expect(paletteRows(await c.frame()).length).toBeGreaterThan(0)
    c.mockInput.pressEscape()
    expect(paletteRows(await c.frame())).toEqual([])
    c.mockInput.pressEnter()
    await c.mockInput.typeText("/review  src/a.ts")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([
      ["command", "exit", ""],
      ["send", "/review src/a.ts", "prompt"],
    ])
  })

  test("an unknown command goes to onCommand (which refuses it), never to the model", async () => {
    const c = await mount()
    await c.mockInput.typeText("/nosuch thing")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["command", "nosuch", "thing"]])
  })

  test("a click on a row completes it", async () => {
    const c = await mount({ width: 40 })
    await c.mockInput.typeText("/")
    const frame = await c.frame()
    const y = frame.split("\n").findIndex((l) => l.includes("/review"))
    await c.mockMouse.click(4, y)
    expect(editorLines(await c.frame())).toEqual(["› /review"])
  })

  test("rows fit 40 columns", async () => {
    const long: PaletteEntry[] = [
      {
        name: "a-very-long-command-name-indeed",
        description: "and an even longer description that must not wrap",
        source: "skill",
      },
    ]
    const c = await mount({ width: 40, commands: long })
    await c.mockInput.typeText("/a-very")
    const frame = await c.frame()
    const row = frame.split("\n").find((l) => l.includes("/a-very-long"))!
    // a space after the marker, as in every other list
    expect(row.startsWith("│› /a-very-long")).toBe(true)
    expect(row.endsWith("│")).toBe(true)
    expect(frame).not.toContain("not wrap")
  })
})

describe("filtering", () => {
  const entries: PaletteEntry[] = [
    { name: "session-new", source: "builtin" },
    { name: "sessions", source: "builtin" },
    { name: "settings", description: "new options", source: "builtin" },
  ]

  test("prefixes and word starts rank first; descriptions only match as substrings", () => {
    expect(filterEntries(entries, "ses").map((e) => e.name)).toEqual(["sessions", "session-new", "settings"])
    expect(filterEntries(entries, "sn").map((e) => e.name)).toEqual(["session-new", "settings", "sessions"])
    expect(filterEntries(entries, "new").map((e) => e.name)).toEqual(["session-new", "settings"])
    expect(filterEntries(entries, "xyz")).toEqual([])
    expect(filterEntries(entries, "")).toEqual(entries)
  })

  test("a description matches at the start of one of its words, not inside one", () => {
    const more: PaletteEntry[] = [
      { name: "help", description: "Keys and commands", source: "builtin" },
      { name: "tree", description: "Go back to an earlier point in the session", source: "builtin" },
      { name: "copy", description: "Copy the last reply", source: "builtin" },
    ]
    expect(filterEntries(more, "he").map((e) => e.name)).toEqual(["help"])
    expect(filterEntries(more, "earl").map((e) => e.name)).toEqual(["tree"])
    expect(filterEntries(more, "reply").map((e) => e.name)).toEqual(["copy"])
  })

  test("fuzzy basics", () => {
    expect(fuzzyScore("abc", "a-b-c")).toBeDefined()
    expect(fuzzyScore("acb", "abc")).toBeUndefined()
    expect(fuzzyFilter(["src/util/fuzzy.ts", "fuzzy.md", "zzfuzy"], "fuzzy", (s) => [s])).toEqual([
      "fuzzy.md",
      "src/util/fuzzy.ts",
    ])
    expect(findEntry(entries, "sessions")?.name).toBe("sessions")
  })
})
