// One palette for every view, from a Pi theme (util/pi-theme.ts). A Solid store: views read
// `theme.text` inside JSX or memos as before, and a theme switch (/theme, an extension's
// setTheme, the terminal's background arriving) re-colours everything without a restart.
// Hex strings, as OpenTUI's `fg`/`bg`/`borderColor` take them.
import { createStore, reconcile } from "solid-js/store"
import dark from "./themes/dark.json"
import light from "./themes/light.json"
import { paletteOf, resolvePiTheme, type Palette, type ResolvedTheme } from "./util/pi-theme"

/** Pi's built-in themes, shipped with the window (test/tui/pi-theme.test.ts holds them equal to Pi's). */
export const BUILTIN_THEMES: Record<"dark" | "light", ResolvedTheme> = {
  dark: resolvePiTheme(dark),
  light: resolvePiTheme(light),
}

const [palette, setPalette] = createStore<Palette>(paletteOf(BUILTIN_THEMES.dark))

export const theme = palette

/** Draws every view with `next` from now on. */
export function applyPalette(next: Palette): void {
  setPalette(reconcile(next))
}

export type Theme = Palette
type Role = { [K in keyof Palette]: Palette[K] extends string ? K : never }[keyof Palette]

/** A table of colours by role that reads the palette at each use (module-level tables stay live). */
export function themed<K extends string>(roles: Record<K, Role>): Record<K, string> {
  const table = {} as Record<K, string>
  for (const key of Object.keys(roles) as K[])
    Object.defineProperty(table, key, { enumerable: true, get: () => palette[roles[key]] })
  return table
}
