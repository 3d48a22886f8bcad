// Two modules of Pi's package that its `exports` map does not offer, loaded by their file path
// beside Pi's entry, so they are the very instances Pi's own code runs with (one module record
// per file): the theme module (Pi's `theme` object, its theme list, registered themes and how a
// theme setting is resolved) and the built-in extensions Pi's CLI loads (llama.cpp, codemode,
// tool-search, mcp). Each is `undefined` when its switch is set or the file is gone; the callers
// fall back to what Pi exports. Relies on the file layout and the names of Pi 1.6.0's `dist/`.
import type { InlineExtension, Theme } from "@earendil-works/pi-coding-agent"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { patchOn } from "../../util/patch-switch"

export interface PiThemeModule {
  /** What Pi hands extensions as `ctx.ui.theme`: reads Pi's current theme at each use. */
  theme: Theme
  getAvailableThemesWithPaths(): { name: string; path: string | undefined }[]
  getThemeByName(name: string): Theme | undefined
  setRegisteredThemes(themes: Theme[]): void
  resolveThemeSetting(setting: string | undefined, terminal: "dark" | "light"): string | undefined
  /** The terminal's background as Pi guesses it (here without a terminal: COLORFGBG, else dark). */
  getTerminalTheme(): "dark" | "light"
  SYSTEM_THEME_NAME: string
}

const piDist = () => dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent")))

function load<T>(relative: string, names: string[]): T | undefined {
  try {
    const mod = require(join(piDist(), relative)) as Record<string, unknown>
    return names.every((n) => mod[n] !== undefined) ? (mod as T) : undefined
  } catch {
    return undefined
  }
}

const THEME_NAMES = [
  "theme",
  "getAvailableThemesWithPaths",
  "getThemeByName",
  "setRegisteredThemes",
  "resolveThemeSetting",
  "getTerminalTheme",
  "SYSTEM_THEME_NAME",
]

let themeModule: PiThemeModule | undefined | null = null

/** Pi's theme module (`PI_THEME` switch), or undefined. */
export function piThemeModule(env: NodeJS.ProcessEnv = process.env): PiThemeModule | undefined {
  if (!patchOn("PI_THEME", env)) return undefined
  if (themeModule === null) themeModule = load<PiThemeModule>("modes/interactive/theme/theme.js", THEME_NAMES)
  return themeModule
}

/** Pi's CLI's built-in extensions, as its `main` passes them (`PI_BUILTINS` switch), or undefined. */
export function piBuiltInExtensions(env: NodeJS.ProcessEnv = process.env): InlineExtension[] | undefined {
  if (!patchOn("PI_BUILTINS", env)) return undefined
  return load<{ builtInExtensions: InlineExtension[] }>("extensions/index.js", ["builtInExtensions"])?.builtInExtensions
}
