// The theme Pi components draw with in this host: the window's (session.theme), so a component's
// colours match the window around it. Pi keeps its current theme in one global (its `theme`
// proxy reads it at each use, as piTheme below does), so setting it is enough.
import { initTheme, Theme } from "@earendil-works/pi-coding-agent"
import { colorToHex } from "@earendil-works/pi-tui"
import type { Params } from "../protocol"

export type HostThemeInfo = Params<"session.theme">["themes"][number]

const KEYS = [Symbol.for("@earendil-works/pi-coding-agent:theme"), Symbol.for("@mariozechner/pi-coding-agent:theme")]
let known: HostThemeInfo[] = []

function build(t: HostThemeInfo): Theme {
  // Pi's Theme splits the tokens into foregrounds and backgrounds itself.
  return new Theme(t.colors as never, {} as never, "truecolor", { name: t.name, appearance: t.appearance })
}

export function installTheme(theme: Theme): void {
  for (const key of KEYS) (globalThis as Record<symbol, unknown>)[key] = theme
}

/** The window's themes and its current one: installed for the components. */
export function setHostThemes(current: string, themes: HostThemeInfo[]): void {
  known = themes
  const t = known.find((x) => x.name === current)
  if (t) installTheme(build(t))
}

/** Pi's getAllThemes: the window's list. */
export const allThemes = () => known.map(({ name, path }) => ({ name, path }))

/** Pi's getTheme(name): undefined for a name the window does not list. */
export function themeByName(name: string): Theme | undefined {
  const t = known.find((x) => x.name === name)
  return t && build(t)
}

/** A Theme's colours by token as `#rrggbb`, for the windows (an extension's own Theme object). */
export function themeColors(theme: Theme): Record<string, string> {
  const colors = (theme as unknown as { colors: Record<string, Parameters<typeof colorToHex>[0]> }).colors
  return Object.fromEntries(Object.entries(colors).map(([k, c]) => [k, colorToHex(c)]))
}

/** Where Pi keeps its current theme (under its current name). */
const THEME_KEY = KEYS[0]!

/** Pi's `theme`: the current theme, read at each use (as Pi's own proxy does). */
export function piTheme(): any {
  const g = globalThis as Record<symbol, unknown>
  if (!g[THEME_KEY]) initTheme("dark")
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
