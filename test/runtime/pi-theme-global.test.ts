// host-theme.ts hands Pi's components and extensions the window's colours by writing Pi's current
// theme where Pi's theme module keeps it (a global symbol, not an export; docs/patches.md,
// PI_THEME). These fail when Pi moves it, or when Pi's `theme` object stops reading it.
import { afterAll, expect, test } from "bun:test"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { initTheme, Theme } from "@earendil-works/pi-coding-agent"
import { installTheme, PI_THEME_KEYS, themeColors } from "../../src/runtime/extensions/host-theme"

// Pi's theme module itself, as Pi's own code loads it (not through the patch under test).
const piTheme = require(
  join(
    dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"))),
    "modes/interactive/theme/theme.js",
  ),
) as { theme: Theme; getResolvedThemeColors(name?: string): Record<string, string> }

afterAll(() => initTheme("dark"))

test("Pi keeps its current theme under the keys host-theme writes", () => {
  initTheme("light")
  for (const key of PI_THEME_KEYS) expect((globalThis as Record<symbol, Theme>)[key]?.name).toBe("light")
  initTheme("dark")
  for (const key of PI_THEME_KEYS) expect((globalThis as Record<symbol, Theme>)[key]?.name).toBe("dark")
})

test("a theme written there is the one Pi's theme object draws with", () => {
  const colors = themeColors((globalThis as Record<symbol, Theme>)[PI_THEME_KEYS[0]!]!)
  const mine = new Theme({ ...colors, accent: "#123456" } as never, {} as never, "truecolor", { name: "mine" })
  installTheme(mine)
  expect(piTheme.theme.name).toBe("mine")
  expect(piTheme.theme.fg("accent", "x")).toBe(mine.fg("accent", "x"))
  expect(piTheme.theme.fg("accent", "x")).toContain("38;2;18;52;86m")
})

test("a theme's colours by token are Pi's own resolution of them", () => {
  initTheme("dark")
  const current = (globalThis as Record<symbol, Theme>)[PI_THEME_KEYS[0]!]!
  expect(themeColors(current)).toEqual(piTheme.getResolvedThemeColors("dark"))
  expect(Object.values(themeColors(current)).every((hex) => /^#[0-9a-f]{6}$/i.test(hex))).toBe(true)
})
