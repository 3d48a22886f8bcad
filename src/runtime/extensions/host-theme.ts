// The theme of this host: what Pi components draw with, and what extensions get as
// `ctx.ui.theme`, `getAllThemes()` and `getTheme()`. Pi keeps its current theme in one global
// that its `theme` object reads at each use; extensions are handed that very object, so a theme
// change is seen by every holder at once.
// Until a window says how it draws, the theme is Pi's own for the session's `theme` setting
// (as pi has it when extensions start). Once a window says (session.theme), the theme carries
// the window's colours, so a component's colours match the window around it, under the name and
// source Pi gives that theme (the window draws Pi's generated "system" with its light or dark
// built-in, but an extension still reads "system").
import { initTheme, Theme } from "@earendil-works/pi-coding-agent"
import { colorToHex } from "@earendil-works/pi-tui"
import type { Params } from "../../protocol/index"
import { piThemeModule } from "../patches/pi-modules"

export type HostThemeInfo = Params<"session.theme">["themes"][number]

// Where Pi's theme module keeps its current theme (its way to share one across module loaders), and
// where its `theme` object reads it: not an export, so docs/patches.md lists it (PI_THEME).
export const PI_THEME_KEYS = [
  Symbol.for("@earendil-works/pi-coding-agent:theme"),
  Symbol.for("@mariozechner/pi-coding-agent:theme"),
]
const KEYS = PI_THEME_KEYS
let known: HostThemeInfo[] = []
/** A window has said how it draws (its colours win from then on). */
let fromWindow = false

function build(t: HostThemeInfo, name = t.name, pi?: Theme): Theme {
  // Pi's Theme splits the tokens into foregrounds and backgrounds itself.
  return new Theme(t.colors as never, {} as never, "truecolor", {
    name,
    appearance: t.appearance,
    ...(pi?.sourcePath ? { sourcePath: pi.sourcePath } : {}),
    ...(pi?.sourceInfo ? { sourceInfo: pi.sourceInfo } : {}),
  })
}

export function installTheme(theme: Theme): void {
  for (const key of KEYS) (globalThis as Record<symbol, unknown>)[key] = theme
}

const current = () => (globalThis as Record<symbol, Theme | undefined>)[KEYS[0]!]

/**
 * A session's resources are loaded: Pi's registered themes are its resource loader's (a package's,
 * an extension's), and before any window has spoken, Pi's theme for the `theme` setting is the
 * current one, as in pi when extensions start.
 */
export function preparePiThemes(themes: Theme[], setting: string | undefined): void {
  const pi = piThemeModule()
  if (!pi) return
  try {
    pi.setRegisteredThemes(themes)
  } catch {
    // A theme Pi refuses (a "/" in its name) is reported by Pi's resource loader already.
  }
  if (fromWindow && current()) return
  const name = pi.resolveThemeSetting(setting, pi.getTerminalTheme()) ?? pi.SYSTEM_THEME_NAME
  const theme = pi.getThemeByName(name) ?? pi.getThemeByName(pi.SYSTEM_THEME_NAME)
  if (theme) installTheme(theme)
}

/**
 * The window's themes and its current one: installed for the components and the extensions.
 * `setting` is Pi's theme setting the window drew from, which names the theme as Pi does.
 */
export function setHostThemes(currentName: string, themes: HostThemeInfo[], setting?: string): void {
  known = themes
  const t = known.find((x) => x.name === currentName)
  if (!t) return
  fromWindow = true
  const pi = piThemeModule()
  if (!pi) return installTheme(build(t))
  const named = pi.resolveThemeSetting(setting, t.appearance) ?? pi.SYSTEM_THEME_NAME
  // A setting the window follows by its background (none, "system") is Pi's generated theme.
  if (named === pi.SYSTEM_THEME_NAME) return installTheme(build(t, named))
  if (named === currentName) return installTheme(build(t, named, pi.getThemeByName(named)))
  // The window draws something else for now (its stand-in while it reads theme files, or an
  // extension's own Theme, installed as it was handed): what Pi would hand stays.
}

/** Pi's getAllThemes: Pi's list (built-in, the agent dir's, registered), else the window's. */
export function allThemes(): { name: string; path: string | undefined }[] {
  const pi = piThemeModule()
  if (pi) return pi.getAvailableThemesWithPaths()
  return known.map(({ name, path }) => ({ name, path }))
}

/** Pi's getTheme(name): undefined for a name Pi (or, without it, the window) does not know. */
export function themeByName(name: string): Theme | undefined {
  const pi = piThemeModule()
  if (pi) return pi.getThemeByName(name)
  const t = known.find((x) => x.name === name)
  return t && build(t)
}

/** A Theme's colours by token as `#rrggbb`, for the windows (an extension's own Theme object). */
export function themeColors(theme: Theme): Record<string, string> {
  return Object.fromEntries(Object.entries(theme.colors).map(([k, c]) => [k, colorToHex(c)]))
}

/** Where Pi keeps its current theme (under its current name). */
const THEME_KEY = KEYS[0]!

/** Pi's `theme`: the current theme, read at each use (Pi's own object where it can be had). */
export function piTheme(): any {
  const g = globalThis as Record<symbol, unknown>
  if (!g[THEME_KEY]) initTheme("dark")
  const pi = piThemeModule()
  if (pi) return pi.theme
  return new Proxy(
    {},
    {
      get: (_t, prop) => {
        const t = g[THEME_KEY] as Record<string | symbol, unknown>
        const v = t[prop]
        return typeof v === "function" ? v.bind(t) : v
      },
    },
  )
}
