// Which palette the window draws with, and why: the theme setting (or /theme, or an extension),
// the terminal's background (a guess first, then its OSC 11 reply), the catalog of theme files.
// Every change re-colours the views through the palette store (theme.ts) and is told to the
// listeners (the session host, whose Pi components draw with the same theme).
import { createSignal } from "solid-js"
import { appearanceOf } from "./util/color"
import { paletteOf, resolvePiTheme, type Appearance, type ResolvedTheme, type TerminalColors } from "./util/pi-theme"
import { readThemeFile, themeNameFor, type ThemeCatalog } from "./util/theme-files"
import { applyPalette, BUILTIN_THEMES } from "./theme"

export interface ThemeChange {
  theme: ResolvedTheme
  /** The setting to save in Pi's settings.json (a /theme choice), absent for anything else. */
  save?: string
}

export type ThemeControl = ReturnType<typeof createThemeControl>

export function createThemeControl(opts: {
  catalog?: ThemeCatalog
  /** The appearance before the terminal says (COLORFGBG, else dark). */
  guess?: Appearance
}) {
  const catalog: ThemeCatalog = opts.catalog ?? {
    themes: Object.values(BUILTIN_THEMES).map((theme) => ({ theme })),
    problems: [],
  }
  let setting = catalog.setting
  let terminal: TerminalColors = {}
  let appearance: Appearance = opts.guess ?? "dark"
  /** A theme an extension handed over as colours, not by name; cleared by the next choice. */
  let given: ResolvedTheme | undefined
  const [current, setCurrent] = createSignal<ResolvedTheme>(BUILTIN_THEMES.dark)
  const listeners = new Set<(c: ThemeChange) => void>()
  const problems = [...catalog.problems]
  const told = new Set<string>()
  const problem = (message: string) => {
    if (!told.has(message)) problems.push(message)
    told.add(message)
  }

  const find = (name: string) => catalog.themes.find((t) => t.theme.name === name)?.theme

  function apply(save?: string) {
    let next = given
    if (!next) {
      const name = themeNameFor(setting, appearance)
      next = find(name)
      if (!next) {
        const names = catalog.themes.map((t) => t.theme.name).join(", ")
        problem(
          `No theme named "${name}": drawing with the built-in theme for the terminal's background (themes: ${names})`,
        )
        next = BUILTIN_THEMES[appearance]
      }
    }
    setCurrent(next)
    applyPalette(paletteOf(next, terminal))
    for (const fn of listeners) fn({ theme: next, save })
  }
  apply()

  return {
    current,
    list: () => catalog.themes.map((t) => ({ name: t.theme.name, path: t.path, appearance: t.theme.appearance })),
    all: () => catalog.themes,
    /** Notices for the person (bad theme files, a setting naming no theme); each told once. */
    takeProblems: () => problems.splice(0),
    /** The terminal's background is known, or changed: a following setting re-picks. */
    setTerminal(colors: TerminalColors) {
      terminal = { ...terminal, ...colors }
      if (terminal.background) appearance = appearanceOf(terminal.background)
      apply()
    },
    appearance: () => appearance,
    /** What the terminal said of its colours (OSC 10/11); empty until it answers, if ever. */
    terminalColors: (): TerminalColors => ({ ...terminal }),
    /** /theme or an extension's setTheme(name): a theme by name; false when there is none. */
    select(name: string, how: { save: boolean }): boolean {
      if (!find(name) && themeNameFor(name, appearance) === name) return false
      given = undefined
      setting = name
      apply(how.save ? name : undefined)
      return true
    },
    /**
     * Theme files the session's Pi resources add (an extension's resources_discover, a package):
     * listed as Pi lists them; one whose name the window has already stays out silently.
     */
    addFiles(paths: readonly string[]): void {
      let added = false
      for (const path of paths) {
        if (catalog.themes.some((t) => t.path === path)) continue
        let theme: ResolvedTheme
        try {
          theme = readThemeFile(path)
        } catch (e) {
          problem(`Theme ${path} left out: ${e instanceof Error ? e.message : String(e)}`)
          continue
        }
        if (find(theme.name)) continue
        catalog.themes.push({ theme, path })
        added = true
      }
      // a setting that named one of them draws with it now
      if (added && !given) apply()
    },
    /** An extension's setTheme(Theme): its colours, by token (checked like a theme file). */
    useColors(name: string, colors: Record<string, string>): void {
      given = resolvePiTheme({ name, colors })
      apply()
    },
    /** Tells `fn` about every change from now on, and the current theme at once. */
    onChange(fn: (c: ThemeChange) => void): () => void {
      listeners.add(fn)
      fn({ theme: current() })
      return () => void listeners.delete(fn)
    },
  }
}
