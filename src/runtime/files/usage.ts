// /usage: tokens and cost of assistant replies, by model, for one session and for today. Prices
// come from the hosted Pi's model registry (what a reply would cost now); a model the registry does
// not know keeps the cost recorded in the reply. "Today" reads the session files modified since
// local midnight and counts only replies made since then.
import { existsSync, readdirSync, statSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { UsageReport, UsageTotals } from "../../protocol/index"
import { customSessionDir, defaultSessionFolders } from "./session-files"

/** The fields of a stored assistant message that usage needs. */
export interface ReplyUsage {
  provider: string
  model: string
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  /** As recorded in the reply. */
  cost: number
  timestamp: number
}

type Prices = (
  provider: string,
  id: string,
) => { input: number; output: number; cacheRead: number; cacheWrite: number } | undefined

const empty = (): UsageTotals => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, replies: 0 })
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0)
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

export const registryPrices =
  (runtime: ModelRuntime): Prices =>
  (provider, id) =>
    runtime.getModel(provider, id)?.cost

/** The usage of one session entry, when it is an assistant reply with usage. */
export function replyUsage(entry: unknown): ReplyUsage | undefined {
  if (!isRecord(entry) || entry.type !== "message" || !isRecord(entry.message)) return undefined
  const m = entry.message
  if (m.role !== "assistant" || !isRecord(m.usage)) return undefined
  const u = m.usage
  const stamp = typeof m.timestamp === "number" ? m.timestamp : Date.parse(String(entry.timestamp ?? ""))
  return {
    provider: String(m.provider ?? "?"),
    model: String(m.model ?? "?"),
    input: num(u.input),
    output: num(u.output),
    cacheRead: num(u.cacheRead),
    cacheWrite: num(u.cacheWrite),
    cost: isRecord(u.cost) ? num(u.cost.total) : 0,
    timestamp: Number.isFinite(stamp) ? stamp : 0,
  }
}

function add(t: UsageTotals, r: ReplyUsage, cost: number) {
  t.input += r.input
  t.output += r.output
  t.cacheRead += r.cacheRead
  t.cacheWrite += r.cacheWrite
  t.cost += cost
  t.replies++
}

export function summarize(replies: Iterable<ReplyUsage>, prices: Prices): UsageReport {
  const byModel = new Map<string, UsageTotals>()
  const total = empty()
  for (const r of replies) {
    const p = prices(r.provider, r.model)
    const cost = p
      ? (p.input * r.input + p.output * r.output + p.cacheRead * r.cacheRead + p.cacheWrite * r.cacheWrite) / 1e6
      : r.cost
    const key = `${r.provider}/${r.model}`
    const t = byModel.get(key) ?? empty()
    byModel.set(key, t)
    add(t, r, cost)
    add(total, r, cost)
  }
  const models = [...byModel].map(([model, t]) => ({ model, ...t })).sort((a, b) => b.cost - a.cost)
  return { models, total }
}

export function startOfDay(now: number): number {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/** Session files under the agent dir (and a custom session dir) modified at or after `since`. */
function filesSince(agentDir: string, cwd: string, since: number): string[] {
  const dirs = defaultSessionFolders(agentDir)
  const custom = customSessionDir(cwd, agentDir)
  if (custom && existsSync(custom)) dirs.push(custom)
  const files = new Set<string>()
  for (const dir of dirs)
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(".jsonl")) continue
      const path = join(dir, name)
      try {
        if (statSync(path).mtimeMs >= since) files.add(path)
      } catch {
        // Gone between the listing and the stat: nothing to count.
      }
    }
  return [...files]
}

/** Replies made since local midnight in this agent dir's sessions, and how many sessions had one. */
export async function todayUsage(
  agentDir: string,
  cwd: string,
  prices: Prices,
  now = Date.now(),
): Promise<UsageReport & { sessions: number }> {
  const since = startOfDay(now)
  const replies: ReplyUsage[] = []
  let sessions = 0
  for (const path of filesSince(agentDir, cwd, since)) {
    const text = await readFile(path, "utf8").catch(() => "")
    let counted = false
    for (const line of text.split("\n")) {
      // Only assistant lines carry usage; skip parsing the rest.
      if (!line.includes('"assistant"')) continue
      let entry: unknown
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      const r = replyUsage(entry)
      if (!r || r.timestamp < since) continue
      replies.push(r)
      counted = true
    }
    if (counted) sessions++
  }
  return { ...summarize(replies, prices), sessions }
}
