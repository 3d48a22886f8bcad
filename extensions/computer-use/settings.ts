// The person's computer-use settings, one JSON file beside Pi's (computer-use.json in the agent
// dir): off until they enable it (with a confirmation), which tools are denied, the stop chord.
// They reach the worker through `configure`, never the environment.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { COMPUTER_TOOLS } from "../../src/common/computer-use"

export interface ComputerSettings {
  enabled: boolean
  /** Tools the model may not use, whatever the session says about them. */
  denied: string[]
  /** An extra stop chord besides Esc, e.g. "ctrl+alt+s"; none by default. */
  stopChord?: string
}

export const DEFAULT_SETTINGS: ComputerSettings = { enabled: false, denied: [] }
const CHORD = /^((ctrl|alt|shift|win)\+)+[a-z0-9]$/

/** Checks a settings object; the errors say which field is wrong, and nothing is half-applied. */
export function validateSettings(raw: unknown): { settings: ComputerSettings; errors: string[] } {
  const errors: string[] = []
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return { settings: DEFAULT_SETTINGS, errors: ["settings must be a JSON object"] }
  const r = raw as Record<string, unknown>
  for (const k of Object.keys(r))
    if (!["enabled", "denied", "stopChord"].includes(k)) errors.push(`unknown setting "${k}"`)
  if (r.enabled !== undefined && typeof r.enabled !== "boolean") errors.push("enabled must be true or false")
  const denied = r.denied ?? []
  if (!Array.isArray(denied) || denied.some((d) => typeof d !== "string"))
    errors.push("denied must be a list of tool names")
  else
    for (const d of denied)
      if (!Object.hasOwn(COMPUTER_TOOLS, d)) errors.push(`denied: no computer-use tool is named "${d}"`)
  if (r.stopChord !== undefined && (typeof r.stopChord !== "string" || !CHORD.test(r.stopChord.toLowerCase())))
    errors.push('stopChord must look like "ctrl+alt+s"')
  if (errors.length) return { settings: DEFAULT_SETTINGS, errors }
  return {
    settings: {
      enabled: r.enabled === true,
      denied: [...new Set(denied as string[])],
      ...(typeof r.stopChord === "string" ? { stopChord: r.stopChord.toLowerCase() } : {}),
    },
    errors,
  }
}

/** A missing file is the defaults; an unreadable one is the defaults plus the reason (the file is kept). */
export function readSettings(path: string): { settings: ComputerSettings; errors: string[] } {
  if (!existsSync(path)) return { settings: DEFAULT_SETTINGS, errors: [] }
  try {
    const got = validateSettings(JSON.parse(readFileSync(path, "utf8")))
    return { settings: got.settings, errors: got.errors.map((e) => `${path}: ${e}`) }
  } catch (err) {
    return { settings: DEFAULT_SETTINGS, errors: [`${path}: ${err instanceof Error ? err.message : String(err)}`] }
  }
}

export function writeSettings(path: string, s: ComputerSettings): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(s, null, 2) + "\n")
  renameSync(tmp, path)
}
