// Pi's theme files read without Pi: the resolver against pi-tui's own colour maths, the built-in
// themes against the installed Pi's, the files and settings Pi reads, and the terminal's replies.
import { afterEach, describe, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { colorToHex as piColorToHex, parseColor } from "@earendil-works/pi-tui"
import { REPO_ROOT } from "../fixture/mockllm"
import { applyPalette, BUILTIN_THEMES } from "../../src/tui/theme"
import { createThemeControl } from "../../src/tui/theme-control"
import { colorToHex, contrastRatio } from "../../src/tui/util/color"
import { paletteOf, PI_TOKENS, resolvePiTheme } from "../../src/tui/util/pi-theme"
import { colorFgBgAppearance, parseColorReplies } from "../../src/tui/util/terminal-background"
import { loadThemeCatalog, themeNameFor } from "../../src/tui/util/theme-files"

const PI_THEMES = join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme")
const readJson = (p: string) => JSON.parse(readFileSync(p, "utf8"))

describe("the resolver", () => {
  test("the window's built-in themes are the installed Pi's dark.json and light.json", () => {
    for (const name of ["dark", "light"])
      expect(readJson(join(REPO_ROOT, "src/tui/themes", `${name}.json`))).toEqual(
        readJson(join(PI_THEMES, `${name}.json`)),
      )
  })

  test("every colour of Pi's built-in themes resolves to what pi-tui makes of it", () => {
    for (const name of ["dark", "light"] as const) {
      const json = readJson(join(PI_THEMES, `${name}.json`))
      const resolved = BUILTIN_THEMES[name]
      expect(resolved.appearance).toBe(name)
      for (const token of PI_TOKENS) {
        let value =
          json.colors[token] ??
          json.colors[
            {
              scrollbarTrack: "muted",
              scrollbarThumb: "text",
              searchMatchBg: "selectedBg",
              searchMatchText: "text",
              thinkingMax: "thinkingXhigh",
            }[token as string] ?? ""
          ]
        while (typeof value === "string" && value in (json.vars ?? {})) value = json.vars[value]
        expect({ token, hex: resolved.colors[token] }).toEqual({ token, hex: piColorToHex(parseColor(value)) })
      }
    }
  })

  test("hex, 256-colour indices, OKLCH out of gamut, variables in chains, fallbacks and the terminal's own colour", () => {
    const colors = Object.fromEntries(
      PI_TOKENS.filter(
        (t) => !["scrollbarTrack", "scrollbarThumb", "searchMatchBg", "searchMatchText", "thinkingMax"].includes(t),
      ).map((t) => [t, "base"]),
    )
    const t = resolvePiTheme({
      name: "mine",
      vars: { base: "mid", mid: "#0af", idx: 196, wide: "oklch(100% 0.3 150)" },
      colors: { ...colors, text: "", userMessageBg: "", error: "idx", success: "wide", thinkingXhigh: 39 },
    })
    expect(t.colors.accent).toBe("#00aaff")
    expect(t.colors.error).toBe(piColorToHex(parseColor(196)))
    expect(t.colors.success).toBe("#ffffff")
    expect(t.colors.thinkingMax).toBe(piColorToHex(parseColor(39)))
    expect(t.colors.scrollbarThumb).toBe("")
    const onLight = paletteOf(t, { foreground: "#101010", background: "#fafafa" })
    expect(onLight.text).toBe("#101010")
    expect(onLight.userBg).toBe("transparent")
    expect(onLight.background).toBe("#fafafa")
  })

  test("a bad theme says what is wrong", () => {
    const ok = BUILTIN_THEMES.dark.colors
    const bad = (doc: unknown) => () => resolvePiTheme(doc)
    expect(bad({ name: "x", colors: { ...ok, accent: "nope" } })).toThrow('accent: no variable "nope"')
    expect(bad({ name: "x", vars: { a: "b", b: "a" }, colors: { ...ok, accent: "a" } })).toThrow(
      "circular variable reference a → b → a",
    )
    expect(bad({ name: "x", colors: { ...ok, sparkle: "#fff" } })).toThrow("unknown colour sparkle")
    const { accent: _, ...noAccent } = ok
    expect(bad({ name: "x", colors: noAccent })).toThrow("missing colour accent")
    expect(bad({ name: "a/b", colors: ok })).toThrow('has a "/"')
    expect(bad({ name: "system", colors: ok })).toThrow("reserved")
    expect(bad({ name: "x", colors: { ...ok, accent: "okhsl(10 140% 50%)" } })).toThrow(
      "saturation must be between 0 and 1",
    )
    expect(bad({ name: "x", colors: { ...ok, accent: 300 } })).toThrow("an integer from 0 to 255")
    expect(bad({ name: "x", colors: ok, extra: 1 })).toThrow("unknown field extra")
  })

  test("body text against the terminal background is at least 4.5:1 in both built-in themes", () => {
    for (const name of ["dark", "light"] as const) {
      const p = paletteOf(BUILTIN_THEMES[name])
      expect(contrastRatio(p.text, p.background)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(p.user, p.userBg === "transparent" ? p.background : p.userBg)).toBeGreaterThanOrEqual(4.5)
    }
    expect(colorToHex("#ABC")).toBe("#aabbcc")
  })
})

describe("theme files and the setting, as Pi reads them", () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const theme = (name: string, over: Record<string, unknown> = {}) =>
    JSON.stringify({ name, colors: { ...BUILTIN_THEMES.light.colors, ...over } })

  function setup() {
    dir = mkdtempSync(join(tmpdir(), "themes-"))
    const agent = join(dir, "agent")
    const cwd = join(dir, "proj")
    for (const d of [join(agent, "themes"), join(cwd, ".pi", "themes"), join(dir, "extra")])
      mkdirSync(d, { recursive: true })
    writeFileSync(join(agent, "themes", "paper.json"), theme("paper"))
    writeFileSync(join(agent, "themes", "broken.json"), "{ not json")
    writeFileSync(join(cwd, ".pi", "themes", "proj.json"), theme("proj", { accent: "nowhere" }))
    writeFileSync(join(dir, "extra", "flagged.json"), theme("flagged"))
    writeFileSync(join(agent, "settings.json"), JSON.stringify({ theme: "paper" }))
    return { agent, cwd, env: { PI_CODING_AGENT_DIR: agent } as NodeJS.ProcessEnv }
  }
  const builtins = Object.values(BUILTIN_THEMES)

  test("built-ins, the agent's themes, the project's, --theme paths; bad files are named and left out", () => {
    const { cwd, env } = setup()
    const c = loadThemeCatalog({ builtins, cwd, env, flags: { paths: [join(dir, "extra"), join(dir, "gone.json")] } })
    expect(c.themes.map((t) => t.theme.name)).toEqual(["dark", "light", "flagged", "paper"])
    expect(c.setting).toBe("paper")
    expect(c.problems.join("\n")).toContain(`Theme ${join(dir, "agent", "themes", "broken.json")} left out:`)
    expect(c.problems.join("\n")).toContain(`proj.json left out: accent: no variable "nowhere"`)
    expect(c.problems.join("\n")).toContain(`Theme path ${join(dir, "gone.json")} does not exist`)
  })

  test("--no-themes keeps the built-ins and --theme paths; --use-theme wins over the project's setting, which wins over the global", () => {
    const { cwd, env } = setup()
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ theme: "light/dark" }))
    expect(loadThemeCatalog({ builtins, cwd, env }).setting).toBe("light/dark")
    const c = loadThemeCatalog({
      builtins,
      cwd,
      env,
      flags: { noThemes: true, useTheme: "flagged", paths: [join(dir, "extra", "flagged.json")] },
    })
    expect(c.themes.map((t) => t.theme.name)).toEqual(["dark", "light", "flagged"])
    expect(c.setting).toBe("flagged")
  })

  test("a light/dark pair picks by the terminal; no setting and Pi's system follow it", () => {
    expect(themeNameFor("paper/dark", "light")).toBe("paper")
    expect(themeNameFor("paper/dark", "dark")).toBe("dark")
    expect(themeNameFor(undefined, "light")).toBe("light")
    expect(themeNameFor("system", "dark")).toBe("dark")
    expect(themeNameFor("paper", "dark")).toBe("paper")
  })
})

describe("the terminal's colours", () => {
  test("OSC 10/11 replies in 4, 2 and 1 hex digits a channel, #rrggbb, BEL or ST", () => {
    expect(parseColorReplies("\x1b]11;rgb:fdfd/f6f6/e3e3\x07")).toEqual({ background: "#fdf6e3" })
    expect(parseColorReplies("\x1b]10;rgb:33/33/33\x1b\\\x1b]11;rgb:0/0/0\x07")).toEqual({
      foreground: "#333333",
      background: "#000000",
    })
    expect(parseColorReplies("\x1b]11;#FFFFFF\x07")).toEqual({ background: "#ffffff" })
    expect(parseColorReplies("\x1b]4;1;rgb:ff/00/00\x07")).toEqual({})
  })

  test("COLORFGBG as Pi reads it", () => {
    expect(colorFgBgAppearance({ COLORFGBG: "0;15" })).toBe("light")
    expect(colorFgBgAppearance({ COLORFGBG: "15;default;0" })).toBe("dark")
    expect(colorFgBgAppearance({ COLORFGBG: "15;8" })).toBe("dark")
    expect(colorFgBgAppearance({ COLORFGBG: "default;default" })).toBeUndefined()
    expect(colorFgBgAppearance({})).toBeUndefined()
  })
})

test("a setting that names no theme is told once and drawn with the built-in for the terminal", () => {
  const control = createThemeControl({
    catalog: { themes: Object.values(BUILTIN_THEMES).map((theme) => ({ theme })), setting: "gone", problems: [] },
    guess: "light",
  })
  control.setTerminal({ background: "#fafafa" })
  expect(control.current().name).toBe("light")
  expect(control.takeProblems()).toEqual([
    'No theme named "gone": drawing with the built-in theme for the terminal\'s background (themes: dark, light)',
  ])
  control.setTerminal({ background: "#101010" })
  expect(control.current().name).toBe("dark")
  expect(control.takeProblems()).toEqual([])
  applyPalette(paletteOf(BUILTIN_THEMES.dark))
})
