// Which Pi themes there are and which one the settings choose, read the way Pi reads them
// (docs/themes.md, settings.md): the built-in dark and light, `<agent-dir>/themes/*.json`, the
// project's `.pi/themes/*.json`, `--theme <path>` files and folders; `--no-themes` leaves out the
// discovered ones. A file that is not a theme is left out with a notice naming it; nothing else is lost.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { join, resolve } from "node:path"
import { resolvePiTheme, type Appearance, type ResolvedTheme } from "./pi-theme"

export interface ThemeFlags {
  /** `--theme <path>`: theme files or folders, made absolute by the CLI. */
  paths?: string[]
  /** `--use-theme <name[/name]>`: this run's theme, not saved. */
  useTheme?: string
  /** `--no-themes`: only the built-in themes and the `--theme` paths. */
  noThemes?: boolean
}

export interface ThemeEntry {
  theme: ResolvedTheme
  path?: string
}

export interface ThemeCatalog {
  themes: ThemeEntry[]
  /** Pi's `theme` setting for this run (`--use-theme`, else project over global settings.json). */
  setting?: string
  /** Files left out, each with why. */
  problems: string[]
}

export function piAgentDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PI_CODING_AGENT_DIR
  if (dir) return dir === "~" ? homedir() : dir.startsWith("~/") ? join(homedir(), dir.slice(2)) : dir
  return join(homedir(), ".pi", "agent")
}

/** A theme file, resolved; throws with the reason when it is not a valid Pi theme. */
export function readThemeFile(path: string): ResolvedTheme {
  return resolvePiTheme(readJson(path))
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""))
}

/** The `theme` of one settings.json, or undefined (a file Pi cannot read is Pi's to report). */
function themeSetting(path: string): string | undefined {
  try {
    const value = (readJson(path) as { theme?: unknown }).theme
    return typeof value === "string" ? value : undefined
  } catch {
    return undefined
  }
}

export function loadThemeCatalog(opts: {
  builtins: ResolvedTheme[]
  cwd: string
  flags?: ThemeFlags
  env?: NodeJS.ProcessEnv
}): ThemeCatalog {
  const agentDir = piAgentDir(opts.env)
  const flags = opts.flags ?? {}
  const themes: ThemeEntry[] = opts.builtins.map((theme) => ({ theme }))
  const problems: string[] = []
  const addFile = (path: string) => {
    let theme: ResolvedTheme
    try {
      theme = resolvePiTheme(readJson(path))
    } catch (e) {
      return void problems.push(`Theme ${path} left out: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (themes.some((t) => t.theme.name === theme.name))
      return void problems.push(`Theme ${path} left out: another theme is named "${theme.name}"`)
    themes.push({ theme, path })
  }
  const addDir = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (name.endsWith(".json") && statSync(path, { throwIfNoEntry: false })?.isFile()) addFile(path)
    }
  }
  for (const p of flags.paths ?? []) {
    const path = resolve(opts.cwd, p)
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) problems.push(`Theme path ${path} does not exist`)
    else if (stat.isDirectory()) addDir(path)
    else addFile(path)
  }
  if (!flags.noThemes) {
    addDir(join(agentDir, "themes"))
    addDir(join(opts.cwd, ".pi", "themes"))
  }
  const setting =
    flags.useTheme ??
    themeSetting(join(opts.cwd, ".pi", "settings.json")) ??
    themeSetting(join(agentDir, "settings.json"))
  return { themes, setting, problems }
}

/**
 * The theme name a setting picks on a terminal of `appearance` (Pi's resolveThemeSetting):
 * "light/dark" pairs pick by the terminal; no setting, or Pi's generated "system", follows it with
 * the built-in of that appearance.
 */
export function themeNameFor(setting: string | undefined, appearance: Appearance): string {
  const pair = setting?.split("/")
  if (pair?.length === 2 && pair[0]!.trim() && pair[1]!.trim())
    return (appearance === "light" ? pair[0]! : pair[1]!).trim()
  if (!setting || setting === "system" || setting.includes("/")) return appearance
  return setting
}
