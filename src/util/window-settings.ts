// xagent's own settings for the window, in $XAGENT_HOME/settings.json (Pi's settings stay Pi's):
//   { "screen": "inline" | "fullscreen" }
// A file that cannot be read as such is an error that says where and what, never silently ignored.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { xagentHome } from "./daemon-paths"

export const SCREEN_MODES = ["inline", "fullscreen"] as const
export type ScreenSetting = (typeof SCREEN_MODES)[number]

export function settingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(xagentHome(env), "settings.json")
}

/** The `screen` setting, or undefined when none is set; throws with a message naming the file. */
export function screenSetting(env: NodeJS.ProcessEnv = process.env): ScreenSetting | undefined {
  const path = settingsPath(env)
  if (!existsSync(path)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"))
  } catch (e) {
    throw new Error(`${path} is not JSON (${e instanceof Error ? e.message : String(e)}): fix it or remove it`)
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${path} must hold an object, like {"screen": "inline"}`)
  const screen = (parsed as { screen?: unknown }).screen
  if (screen === undefined) return undefined
  if (typeof screen === "string" && (SCREEN_MODES as readonly string[]).includes(screen)) return screen as ScreenSetting
  throw new Error(`${path}: "screen" is ${JSON.stringify(screen)}: use "inline" or "fullscreen"`)
}
