// What one finished round of a goal leads to. Pure, so the rules are tested without a session.
import type { GoalState } from "./rules"

type Message = {
  role?: string
  stopReason?: string
  content?: { type: string }[]
  usage?: { input?: number; output?: number; totalTokens?: number }
}

export interface RoundResult {
  state: GoalState
  /** `round`: start the next round; `check`: run the goal's check, then decide. */
  next?: "round" | "check"
}

function tokensOf(messages: readonly Message[]): number {
  let n = 0
  for (const m of messages)
    if (m.role === "assistant" && m.usage) n += m.usage.totalTokens || (m.usage.input ?? 0) + (m.usage.output ?? 0)
  return n
}

/** The goal with its cap status when a cap is reached, else undefined. */
function capped(g: GoalState): GoalState | undefined {
  const hit =
    g.round >= g.maxRounds
      ? "rounds"
      : g.usedMs >= g.maxMs
        ? "hours"
        : g.maxTokens && g.tokens >= g.maxTokens
          ? "tokens"
          : undefined
  return hit ? { ...g, status: "limited", summary: `Stopped at the ${hit} cap` } : undefined
}

/** Resuming a goal that hit a cap gives each cap it hit the same size again. */
function widen(g: GoalState): GoalState {
  if (g.status !== "limited") return g
  const out = { ...g, summary: undefined }
  if (g.round >= g.maxRounds) out.maxRounds = g.round + g.maxRounds
  if (g.usedMs >= g.maxMs) out.maxMs = g.usedMs + g.maxMs
  if (g.maxTokens && g.tokens >= g.maxTokens) out.maxTokens = g.tokens + g.maxTokens
  return out
}

export function settleRound(
  goal: GoalState,
  messages: readonly Message[],
  declared: { status: "achieved" | "unmet"; summary: string } | undefined,
  now: number,
): RoundResult {
  const g: GoalState = {
    ...goal,
    usedMs: goal.usedMs + (goal.since ? now - goal.since : 0),
    since: undefined,
    tokens: goal.tokens + tokensOf(messages),
  }
  const last = messages.filter((m) => m.role === "assistant").pop()
  // Esc, Ctrl+C or /goal pause stopped the reply: the goal waits.
  if (last?.stopReason === "aborted") return { state: { ...g, status: "paused" } }
  if (last?.stopReason === "error") return { state: { ...g, status: "paused", summary: "The last round failed" } }
  if (declared?.status === "unmet") return { state: { ...g, status: "unmet", summary: declared.summary } }
  if (declared?.status === "achieved") {
    if (g.check) return { state: { ...g, summary: declared.summary }, next: "check" }
    return { state: { ...g, status: "achieved", summary: declared.summary } }
  }
  const usedTools = messages.some((m) => m.role === "assistant" && m.content?.some((c) => c.type === "toolCall"))
  if (!usedTools) return { state: { ...g, status: "stalled", summary: "A round made no tool call and no progress" } }
  const c = capped(g)
  return c ? { state: c } : { state: { ...g, status: "pursuing" }, next: "round" }
}
settleRound.capped = capped
settleRound.widen = widen

/** The message that starts a round. */
export function roundText(g: GoalState, first: boolean, feedback?: string): string {
  const head = first
    ? `Goal: ${g.objective}\n\nWork toward this goal now. You have up to ${g.maxRounds} rounds; after each of your replies you get another round until you call update_goal.`
    : `Continue working toward the goal (round ${g.round} of ${g.maxRounds}): ${g.objective}`
  const tail = `Call update_goal with status "achieved" once the work is done and verified, or "unmet" if it cannot be done.${g.check ? ` Achieved counts only when \`${g.check}\` exits 0.` : ""}`
  return [head, feedback, tail].filter(Boolean).join("\n\n")
}
