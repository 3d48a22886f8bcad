// Work budgets: per-reply limits (tool calls, time, output tokens) that cut a long reply into
// slices (budget-config.ts reads them). Shared by the host part (index.ts) and the window part
// (window/). Pure: tested without a session.

export interface WorkBudget {
  /** Tool calls one slice may make; the next one is refused with a request to report progress. */
  maxToolCalls?: number
  /** Seconds one slice may run before its next tool call is refused. */
  maxSeconds?: number
  /** Output tokens one slice may generate before its next tool call is refused. */
  maxTokens?: number
  /** Slices one reply may have (1: the reply stops at the first limit). */
  maxSlices: number
}

/** The custom message that marks a slice boundary (a card in the transcript). */
export const CHECKPOINT = "work-budget-checkpoint"

export type LimitKind = "tool calls" | "time" | "tokens"

export interface CheckpointDetails {
  /** The slice that ended (1-based). */
  slice: number
  maxSlices: number
  limit: LimitKind
  toolCalls: number
  seconds: number
  tokens: number
  /** `continue`: slice + 1 starts; `stop`: the reply's budget is spent. */
  next: "continue" | "stop"
}

/** What one slice has used so far. */
export interface SliceUse {
  slice: number
  toolCalls: number
  startedAt: number
  tokens: number
}

/** Which limit `use` has reached (before one more tool call), if any. */
export function limitReached(budget: WorkBudget, use: SliceUse, now: number): LimitKind | undefined {
  if (budget.maxToolCalls !== undefined && use.toolCalls >= budget.maxToolCalls) return "tool calls"
  if (budget.maxSeconds !== undefined && now - use.startedAt >= budget.maxSeconds * 1000) return "time"
  if (budget.maxTokens !== undefined && use.tokens >= budget.maxTokens) return "tokens"
  return undefined
}

/** The refused call's result: what the model is asked to do instead. */
export function refusal(limit: LimitKind, use: SliceUse, budget: WorkBudget): string {
  const last = use.slice >= budget.maxSlices
  return (
    `Work budget: this slice has reached its ${limitText(limit, budget)}, so this tool call was not run. ` +
    `Make no more tool calls now: report your progress in a few lines (what is done, what is left, what you would do next). ` +
    (last
      ? `This was the reply's last slice (${use.slice} of ${budget.maxSlices}): the work stops after your report.`
      : `The work then continues in slice ${use.slice + 1} of ${budget.maxSlices}.`)
  )
}

export function limitText(limit: LimitKind, budget: WorkBudget): string {
  if (limit === "tool calls") return `limit of ${budget.maxToolCalls} tool calls`
  if (limit === "time") return `time limit of ${budget.maxSeconds} s`
  return `limit of ${budget.maxTokens} output tokens`
}

/** What the model reads when the next slice starts. */
export function continuation(d: CheckpointDetails): string {
  return `Work budget: slice ${d.slice + 1} of ${d.maxSlices} starts now. Continue the task from where your progress report left off.`
}

/**
 * The card's two lines: `◆ Checkpoint · slice 1 of 3` and
 * `ended at its limit of 15 tool calls (15 calls, 42 s, 1.2k tokens) · slice 2 goes on`.
 */
export function checkpointLines(d: CheckpointDetails): { head: string; body: string } {
  const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n))
  const at =
    d.limit === "tool calls" ? "its tool-call limit" : d.limit === "time" ? "its time limit" : "its token limit"
  const used = `${d.toolCalls} call${d.toolCalls === 1 ? "" : "s"}, ${d.seconds} s, ${k(d.tokens)} tokens`
  const next = d.next === "continue" ? `slice ${d.slice + 1} goes on` : "budget spent: the reply stopped here"
  return { head: `◆ Checkpoint · slice ${d.slice} of ${d.maxSlices}`, body: `ended at ${at} (${used}) · ${next}` }
}

/** The details of a checkpoint message, or undefined when they are not one's. */
export function checkpointOf(details: unknown): CheckpointDetails | undefined {
  if (typeof details !== "object" || details === null) return undefined
  const d = details as Partial<CheckpointDetails>
  const num = (v: unknown) => typeof v === "number" && Number.isFinite(v)
  if (!num(d.slice) || !num(d.maxSlices) || !num(d.toolCalls) || !num(d.seconds) || !num(d.tokens)) return undefined
  if (d.limit !== "tool calls" && d.limit !== "time" && d.limit !== "tokens") return undefined
  if (d.next !== "continue" && d.next !== "stop") return undefined
  return d as CheckpointDetails
}
