// Pi's own files parse: settings.json, models.json, keybindings.json, themes and mcp.json, in the
// agent dir and the project's .pi/. Only read, never written; a file that does not parse is named
// with the place its JSON goes wrong, since Pi then quietly goes on without what it holds.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { CONFIG_DIR_NAME } from "@earendil-works/pi-coding-agent"
import type { DoctorCheck } from "../../protocol/doctor"
import { describeJsonProblem, jsonProblem } from "../../util/json-position"
import { parsePiKeybindings } from "../../util/pi-keybindings"

interface Read {
  path: string
  /** Why it cannot be used; undefined when it can. */
  problem?: string
  value?: unknown
}

function readJson(path: string): Read {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (e) {
    return { path, problem: `could not be read (${(e as Error).message})` }
  }
  const bad = jsonProblem(text)
  if (bad) return { path, problem: `not valid JSON at ${describeJsonProblem(bad)}` }
  return { path, value: JSON.parse(text.replace(/^\uFEFF/, "")) }
}

const present = (paths: string[]) => paths.filter((p) => existsSync(p))
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** One check over files of one kind: ok when each is usable, else the first problem (and how many). */
function fileCheck(name: string, reads: Read[], none: string, fix: string): DoctorCheck {
  if (!reads.length) return { name, verdict: "ok", text: none }
  const bad = reads.filter((r) => r.problem)
  if (!bad.length)
    return {
      name,
      verdict: "ok",
      text: `${reads.length === 1 ? "parses" : "all parse"}: ${reads.map((r) => r.path).join(", ")}`,
    }
  const more = bad.length > 1 ? ` (and ${bad.length - 1} more)` : ""
  return { name, verdict: "fail", text: `${bad[0]!.path}: ${bad[0]!.problem}${more}`, fix }
}

const JSON_FIX = "fix the file at that place (or move it aside): until then Pi goes on without it"

export function piFileChecks(cwd: string, agentDir: string, modelsError?: string): DoctorCheck[] {
  const project = join(cwd, CONFIG_DIR_NAME)
  const settings = present([join(agentDir, "settings.json"), join(project, "settings.json")]).map((p) => {
    const r = readJson(p)
    return r.problem || isObject(r.value) ? r : { path: p, problem: "not a JSON object of settings" }
  })

  const models = present([join(agentDir, "models.json")]).map(readJson)
  // Valid JSON Pi still refuses (a wrong field): Pi's own words, which name the file.
  if (models.length && !models[0]!.problem && modelsError) models[0]!.problem = modelsError.replace(/\s*\n\s*/g, " ")

  const keys = present([join(agentDir, "keybindings.json")]).map(readJson)
  const keyCheck = fileCheck("keybindings.json", keys, "none: the default keys", JSON_FIX)
  if (keys.length && !keys[0]!.problem) {
    const notice = parsePiKeybindings(readFileSync(keys[0]!.path, "utf8"), keys[0]!.path).notice
    if (notice)
      Object.assign(keyCheck, {
        verdict: "warn",
        text: notice,
        fix: "write those keys as Pi's docs/keybindings.md does",
      })
  }

  const themeFiles = [join(agentDir, "themes"), join(project, "themes")].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .map((f) => join(dir, f))
      : [],
  )
  const themes = themeFiles.map((p) => {
    const r = readJson(p)
    if (r.problem) return r
    const t = r.value
    if (!isObject(t) || typeof t.name !== "string" || !isObject(t.colors))
      return { path: p, problem: 'not a Pi theme (a "name" and a "colors" object)' }
    return r
  })

  const mcp = present([join(agentDir, "mcp.json"), join(project, "mcp.json")]).map((p) => {
    const r = readJson(p)
    if (r.problem) return r
    const servers = isObject(r.value) ? r.value.mcpServers : undefined
    return servers === undefined || isObject(servers) ? r : { path: p, problem: '"mcpServers" is not an object' }
  })

  return [
    fileCheck("settings.json", settings, "none: Pi's defaults", JSON_FIX),
    fileCheck("models.json", models, "none: the built-in providers only", JSON_FIX),
    keyCheck,
    fileCheck("themes", themes, "none of the person's own: the built-in dark and light", JSON_FIX),
    fileCheck("mcp.json", mcp, "none: no MCP servers configured", JSON_FIX),
  ]
}

/** The MCP servers the mcp.json files name (enabled ones), for the MCP check. */
export function configuredMcpServers(cwd: string, agentDir: string, projectTrusted: boolean): string[] {
  const files = [join(agentDir, "mcp.json"), ...(projectTrusted ? [join(cwd, CONFIG_DIR_NAME, "mcp.json")] : [])]
  const names = new Set<string>()
  for (const p of present(files)) {
    const r = readJson(p)
    const servers = isObject(r.value) && isObject(r.value.mcpServers) ? r.value.mcpServers : {}
    for (const [name, config] of Object.entries(servers))
      if (!(isObject(config) && config.enabled === false)) names.add(name)
  }
  return [...names]
}
