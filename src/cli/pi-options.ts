// Pi's own flags (`pi --help`) as session.open's `pi` options: the same names, the same meaning.
// Paths are made absolute here, where the person's folder is known; Pi checks the rest.
import { existsSync } from "node:fs"
import type { Params } from "../protocol"
import { isPackageSource } from "../util/extension-source"
import { resolveFrom } from "../util/paths"
import { UsageError } from "./usage-error"

export type PiOptions = NonNullable<Params<"session.open">["pi"]>

/** What commander makes of Pi's flags (a `--no-x` beside no `--x` is `x: false`). */
export interface PiFlags {
  session?: string | false
  name?: string
  systemPrompt?: string
  appendSystemPrompt?: string[]
  tools?: string | false
  excludeTools?: string
  builtinTools?: boolean
  extensions?: boolean
  skill?: string[]
  skills?: boolean
  promptTemplate?: string[]
  promptTemplates?: boolean
  contextFiles?: boolean
  mcp?: boolean
  offline?: boolean
  apiKey?: string
  sessionId?: string
  sessionDir?: string
  models?: string
  /** `--approve` true, `--no-approve` false, neither undefined. */
  approve?: boolean
  verbose?: boolean
}

/** Pi's rule for a session id (its assertValidSessionId). */
const SESSION_ID = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/

const list = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)

export function piOptions(flags: PiFlags, cwd: string): PiOptions | undefined {
  const pi: PiOptions = {}
  if (flags.session === false) pi.noSession = true
  if (flags.name !== undefined) {
    if (!flags.name.trim()) throw new UsageError("--name needs a non-empty name")
    pi.name = flags.name.trim()
  }
  if (flags.systemPrompt !== undefined) pi.systemPrompt = flags.systemPrompt
  if (flags.appendSystemPrompt?.length) pi.appendSystemPrompt = flags.appendSystemPrompt
  if (typeof flags.tools === "string") pi.tools = list(flags.tools)
  if (flags.excludeTools !== undefined) pi.excludeTools = list(flags.excludeTools)
  if (flags.tools === false) pi.noTools = "all"
  else if (flags.builtinTools === false) pi.noTools = "builtin"
  if (flags.extensions === false) pi.noExtensions = true
  if (flags.skills === false) pi.noSkills = true
  if (flags.promptTemplates === false) pi.noPromptTemplates = true
  if (flags.contextFiles === false) pi.noContextFiles = true
  if (flags.mcp === false) pi.noMcp = true
  if (flags.skill?.length) pi.skills = flags.skill.map((p) => resourcePath("--skill", p, cwd))
  if (flags.promptTemplate?.length)
    pi.promptTemplates = flags.promptTemplate.map((p) => resourcePath("--prompt-template", p, cwd))
  if (flags.apiKey !== undefined) {
    if (!flags.apiKey.trim()) throw new UsageError("--api-key needs a key")
    pi.apiKey = flags.apiKey.trim()
  }
  if (flags.sessionId !== undefined) {
    if (!SESSION_ID.test(flags.sessionId))
      throw new UsageError(
        `--session-id '${flags.sessionId}' is not a session id: letters, digits, '.', '_' and '-', starting and ending with a letter or digit`,
      )
    pi.sessionId = flags.sessionId
  }
  if (flags.sessionDir !== undefined) {
    if (!flags.sessionDir.trim()) throw new UsageError("--session-dir needs a folder")
    pi.sessionDir = resolveFrom(cwd, flags.sessionDir.trim())
  }
  if (flags.models !== undefined) {
    const patterns = list(flags.models)
    if (!patterns.length) throw new UsageError("--models needs model patterns, such as anthropic/*,*sonnet*")
    pi.models = patterns
  }
  if (flags.approve !== undefined) pi.projectTrust = flags.approve
  if (flags.verbose) pi.verbose = true
  return Object.keys(pi).length ? pi : undefined
}

function resourcePath(flag: string, value: string, cwd: string): string {
  if (isPackageSource(value)) return value.trim()
  const path = resolveFrom(cwd, value)
  if (!existsSync(path)) throw new UsageError(`${flag}: no file or folder at ${path}: check the path`)
  return path
}
