// Where a work budget comes from: XAGENT_WORK_SLICE (`maxToolCalls=15,maxSlices=3`), else the
// `workSlice` object of $XAGENT_HOME/settings.json, else none. What is set wrong is said back,
// never read as a default: the person asked for a limit.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { WorkBudget } from "./rules"

const KEYS = ["maxToolCalls", "maxSeconds", "maxTokens", "maxSlices"] as const
const FORM = "maxToolCalls=15,maxSlices=3 (also maxSeconds, maxTokens), each a whole number from 1"

/** A budget, none (undefined: nothing set), or what is wrong with what was set. */
export type BudgetRead = { budget?: WorkBudget } | { error: string }

function fromPairs(pairs: [string, unknown][], where: string): BudgetRead {
  const out: Partial<Record<(typeof KEYS)[number], number>> = {}
  for (const [key, raw] of pairs) {
    if (!(KEYS as readonly string[]).includes(key))
      return { error: `${where}: ${JSON.stringify(key)} is not a budget; use ${FORM}` }
    const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN
    if (!Number.isInteger(n) || n < 1) return { error: `${where}: ${key} is ${JSON.stringify(raw)}; use ${FORM}` }
    out[key as (typeof KEYS)[number]] = n
  }
  const { maxToolCalls, maxSeconds, maxTokens } = out
  if (maxToolCalls === undefined && maxSeconds === undefined && maxTokens === undefined)
    return { error: `${where} sets no limit; use ${FORM}` }
  return {
    budget: {
      ...(maxToolCalls !== undefined ? { maxToolCalls } : {}),
      ...(maxSeconds !== undefined ? { maxSeconds } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      maxSlices: out.maxSlices ?? 1,
    },
  }
}

/** `maxToolCalls=15,maxSlices=3` as XAGENT_WORK_SLICE gives it. */
export function parseWorkSlice(text: string): BudgetRead {
  const where = `XAGENT_WORK_SLICE=${JSON.stringify(text)}`
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
  const pairs: [string, unknown][] = []
  for (const p of parts) {
    const eq = p.indexOf("=")
    if (eq <= 0) return { error: `${where}: ${JSON.stringify(p)} is not name=number; use ${FORM}` }
    pairs.push([p.slice(0, eq).trim(), p.slice(eq + 1).trim()])
  }
  return fromPairs(pairs, where)
}

/** The budget in force: XAGENT_WORK_SLICE wins over settings.json's `workSlice`; neither: none. */
export function readWorkBudget(env: NodeJS.ProcessEnv, xagentHome: string): BudgetRead {
  const fromEnv = env.XAGENT_WORK_SLICE
  if (fromEnv !== undefined && fromEnv.trim() !== "") return parseWorkSlice(fromEnv)
  const file = join(xagentHome, "settings.json")
  if (!existsSync(file)) return {}
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, "utf8"))
  } catch {
    // The window reads this file first and says what is wrong with it; no budget is read from it.
    return {}
  }
  const slice = (raw as { workSlice?: unknown } | null)?.workSlice
  if (slice === undefined || slice === null) return {}
  if (typeof slice !== "object" || Array.isArray(slice))
    return { error: `${file}: "workSlice" must be an object, like {"maxToolCalls": 15, "maxSlices": 3}` }
  return fromPairs(Object.entries(slice), `${file}: "workSlice"`)
}
