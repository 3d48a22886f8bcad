// How long a run may wait on the model or on one tool before xagent ends it, from
// $XAGENT_HOME/settings.json: { "modelAnswerSeconds": 30, "modelStallSeconds": 300,
// "toolTimeoutSeconds": 3600 } (0 turns one off). XAGENT_MODEL_ANSWER_MS, XAGENT_MODEL_STALL_MS
// and XAGENT_TOOL_TIMEOUT_MS set them in milliseconds (tests). Without them a hung provider or a
// stuck command keeps a detached reply "running" forever, and `-p` never returns.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

export interface RunLimits {
  /**
   * A model request not answered at all (its response has not started) for this long ends the
   * run (0: never; absent: the stall limit applies). Providers answer a streamed request at once
   * and think within the stream, so this is far shorter than the stall limit.
   */
  modelAnswerMs?: number
  /** A model request that sends no byte for this long ends the run as stalled (0: never). */
  modelStallMs: number
  /** A tool that runs this long is ended (0: never). */
  toolMs: number
  /** Set when the file's values could not be used (the defaults apply). */
  problem?: string
}

/** Said with a run ended by a limit: where the limits are set. */
export const RUN_LIMITS_HINT =
  "modelAnswerSeconds, modelStallSeconds and toolTimeoutSeconds in $XAGENT_HOME/settings.json set the limits"

export const DEFAULT_RUN_LIMITS: RunLimits = { modelAnswerMs: 30_000, modelStallMs: 5 * 60_000, toolMs: 60 * 60_000 }

export function readRunLimits(xagentHome: string, env: NodeJS.ProcessEnv = process.env): RunLimits {
  const limits: RunLimits = { ...DEFAULT_RUN_LIMITS }
  const file = join(xagentHome, "settings.json")
  try {
    if (existsSync(file)) {
      const raw = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>
      const seconds = (key: string) => {
        const v = raw?.[key]
        if (v === undefined) return undefined
        if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
          throw new Error(`"${key}" must be a number of seconds (0 turns it off)`)
        return v * 1000
      }
      limits.modelAnswerMs = seconds("modelAnswerSeconds") ?? limits.modelAnswerMs
      limits.modelStallMs = seconds("modelStallSeconds") ?? limits.modelStallMs
      limits.toolMs = seconds("toolTimeoutSeconds") ?? limits.toolMs
    }
  } catch (e) {
    limits.problem = `${file}: ${e instanceof Error ? e.message : String(e)}; the default run limits apply`
  }
  const ms = (name: string) => (Number(env[name]) >= 0 && env[name] !== "" ? Number(env[name]) : undefined)
  limits.modelAnswerMs = ms("XAGENT_MODEL_ANSWER_MS") ?? limits.modelAnswerMs
  limits.modelStallMs = ms("XAGENT_MODEL_STALL_MS") ?? limits.modelStallMs
  limits.toolMs = ms("XAGENT_TOOL_TIMEOUT_MS") ?? limits.toolMs
  return limits
}

/** "0.8 s", "5 min": a limit in the words a message uses. */
export function limitText(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`
  return `${Math.round(ms / 100) / 10} s`
}
