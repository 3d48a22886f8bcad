// The window on a light and on a dark terminal: the main views drawn with Pi's light and dark
// themes, body text at least 4.5:1 (WCAG) against the background in the cells actually drawn, and
// /theme switching every view live and saving the choice through the host.
import { afterEach, describe, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { spanContrasts } from "../fixture/colors"
import { mountApp, type MountedApp } from "../fixture/tui"
import { STACK } from "./question-dock-harness"
import { applyPalette, BUILTIN_THEMES, theme } from "../../src/tui/theme"
import { createThemeControl } from "../../src/tui/theme-control"
import { paletteOf } from "../../src/tui/util/pi-theme"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
  // The palette is the window's one store: the next test file starts dark, as the window does.
  applyPalette(paletteOf(BUILTIN_THEMES.dark))
})

const REPLY = [
  "The parser now **reads** the flag.",
  "",
  "```ts",
  "const flag = parse(argv)",
  "```",
  "",
  "Body text END",
].join("\n")
const TERMINAL = { light: "#ffffff", dark: "#000000" } as const

async function mountOn(appearance: "light" | "dark") {
  const themes = createThemeControl({ guess: appearance === "light" ? "dark" : "light" })
  // The first frame's guess is wrong on purpose: the terminal's reply sets it right.
  themes.setTerminal({ background: TERMINAL[appearance] })
  app = await mountApp({ width: 90, height: 30, themes })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.user("u1", "Please add the verbose flag"),
        item.assistant("a1", REPLY),
        item.tool("t1", "bash", { command: "bun test" }, { output: "12 pass" }),
      ],
    }),
  })
  await app.until("Body text END")
  // Markdown styles land a frame after the text.
  await app.until(() =>
    spanContrasts(app!.captureSpans(), TERMINAL[appearance], "reads").some((s) => s.fg === theme.text),
  )
  return app
}

describe.each(["light", "dark"] as const)("on a %s terminal", (appearance) => {
  test("transcript, reply with markdown and code, tool row, composer and status bar in Pi's theme", async () => {
    const a = await mountOn(appearance)
    expect(theme.name).toBe(appearance)
    const frame = a.frame()
    expect(frame).toContain("Please add the verbose flag")
    expect(frame).toContain("const flag = parse(argv)")
    expect(frame).toContain("bun test")
    expect(frame).toContain("Ask anything")
    expect(frame).toContain("Faux One")
    const spans = a.captureSpans()
    const fgOf = (text: string) => spanContrasts(spans, TERMINAL[appearance], text).find((s) => s.text === text)
    expect(fgOf("Please add the verbose flag")).toMatchObject({ fg: theme.user, bg: theme.userBg })
    expect(fgOf("Body text END")?.fg).toBe(theme.text)
    expect(fgOf("parse")?.fg).toBe(theme.syntax.function)
  })

  test("body text is at least 4.5:1 against the background it is drawn on", async () => {
    const a = await mountOn(appearance)
    await a.mockInput.typeText("typed words")
    await a.until("typed words")
    const spans = a.captureSpans()
    for (const text of ["Please add the verbose flag", "The parser now", "Body text END", "bun test", "typed words"]) {
      const found = spanContrasts(spans, TERMINAL[appearance], text)
      expect(found.length).toBeGreaterThan(0)
      for (const s of found) expect({ ...s, enough: s.ratio >= 4.5 }).toMatchObject({ enough: true })
    }
  })
  test("the question dock: the question and its choices are body text at 4.5:1 or more", async () => {
    const a = await mountOn(appearance)
    await a.emit({ type: "ui_request", request: { id: "q1", kind: "ask_user", questions: [STACK] } })
    await a.until("Which runtime should the new service use?")
    const spans = a.captureSpans()
    for (const text of ["Which runtime should the new service use?", "Bun"]) {
      const found = spanContrasts(spans, TERMINAL[appearance], text)
      expect(found.length).toBeGreaterThan(0)
      for (const s of found) expect({ ...s, enough: s.ratio >= 4.5 }).toMatchObject({ enough: true })
    }
  })
})

test("/theme lists the themes; choosing one re-colours every view at once and saves it through the host", async () => {
  const a = await mountOn("dark")
  const darkText = theme.text
  await a.submit("/theme")
  await a.until("Choose a theme")
  expect(a.frame()).toContain("built in, light")
  a.mockInput.pressArrow("down")
  a.mockInput.pressEnter()
  await a.until("Theme: light")
  expect(theme.name).toBe("light")
  expect(theme.text).not.toBe(darkText)
  const light = BUILTIN_THEMES.light.colors
  const first = (text: string) => spanContrasts(a.captureSpans(), TERMINAL.light, text)[0]
  // The markdown re-highlights a frame later; everything else is drawn in the new colours at once.
  await a.until(() => first("Body text END")?.fg === light.text && first("parse")?.fg !== undefined)
  expect(first("Please add")).toMatchObject({ fg: light.userMessageText, bg: light.userMessageBg })
  expect(first("Faux One")?.fg).toBe(light.accent)
  await a.until(() =>
    spanContrasts(a.captureSpans(), TERMINAL.light).some((s) => s.text === "parse" && s.fg === light.syntaxFunction),
  )
  const sent = a.client.calls("session.theme").at(-1)!
  expect(sent).toMatchObject({ sessionId: "s1", current: "light", save: "light" })
  expect(sent.themes.map((t) => t.name)).toEqual(["dark", "light"])

  await a.submit("/theme nosuch")
  await a.until('No theme named "nosuch"')
  expect(theme.name).toBe("light")
})

test("an extension's setTheme reaches the window: by name, and as a Theme's own colours", async () => {
  const a = await mountOn("dark")
  await a.emit({ type: "ui_theme", name: "light" })
  await a.until(() => theme.name === "light")
  expect(a.client.calls("session.theme").at(-1)).not.toHaveProperty("save")
  const colors = { ...BUILTIN_THEMES.dark.colors, text: "#ff8800" }
  await a.emit({ type: "ui_theme", name: "orange", colors })
  await a.until(() => spanContrasts(a.captureSpans(), TERMINAL.dark, "Body text END")[0]?.fg === "#ff8800")
  await a.emit({ type: "ui_theme", name: "missing" })
  await a.until("An extension chose the theme missing")
})

test("a theme setting that names no theme is told once the window is ready, with the themes there are", async () => {
  const themes = createThemeControl({
    catalog: { themes: Object.values(BUILTIN_THEMES).map((theme) => ({ theme })), setting: "nosuch", problems: [] },
  })
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  app = await mountApp({ width: 100, height: 30, themes, gate })
  // While the session loads the notice would run out its time before anyone reads the window.
  await app.until("Ask anything")
  expect(app.frame()).not.toContain("No theme named")
  release()
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [] }) })
  const frame = await app.until("No theme named")
  expect(frame.replace(/[│\s]+/g, " ")).toContain('No theme named "nosuch"')
  expect(frame.replace(/[│\s]+/g, " ")).toContain("themes: dark, light")
})
