// Work budgets as a bundled extension: with a budget set (budget-config.ts), each slice of a reply
// counts its tool calls, time and output tokens; at a limit the next tool call is refused with a
// request to report progress, and when the model has reported, Pi's last boundary before the run
// settles (agent_before_settle) appends a checkpoint card and continues the same reply as its next
// slice, up to maxSlices. No budget set: the extension does nothing.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { xagentHome } from "../../src/util/daemon-paths"
import { readWorkBudget } from "./budget-config"
import {
  CHECKPOINT,
  continuation,
  limitReached,
  refusal,
  type CheckpointDetails,
  type LimitKind,
  type SliceUse,
} from "./rules"

/** Refused rounds after which a model that keeps calling tools is stopped outright. */
const MAX_REFUSED_ROUNDS = 3

export default function workBudget(pi: ExtensionAPI): void {
  const read = readWorkBudget(process.env, xagentHome())
  if ("error" in read) {
    pi.on("session_start", (_e, ctx) => ctx.ui.notify(`Work budget not used: ${read.error}`, "error"))
    return
  }
  const budget = read.budget
  if (!budget) return

  let use: SliceUse = fresh(1)
  let hit: LimitKind | undefined
  let refusedRounds = 0

  // A reply the person starts begins at slice 1; a slice's continuation does not pass here.
  pi.on("before_agent_start", () => {
    use = fresh(1)
    hit = undefined
    refusedRounds = 0
  })
  pi.on("message_end", (e) => {
    const m = e.message as { role?: string; usage?: { output?: number } }
    if (m.role === "assistant") use.tokens += m.usage?.output ?? 0
  })
  pi.on("turn_start", () => {
    if (hit) refusedRounds++
  })
  pi.on("tool_call", () => {
    hit ??= limitReached(budget, use, Date.now())
    if (hit) return { block: true, reason: refusal(hit, use, budget), terminate: refusedRounds >= MAX_REFUSED_ROUNDS }
    use.toolCalls++
    return undefined
  })
  pi.on("agent_before_settle", (e) => {
    if (!hit || e.outcome === "aborted") return undefined
    const details: CheckpointDetails = {
      slice: use.slice,
      maxSlices: budget.maxSlices,
      limit: hit,
      toolCalls: use.toolCalls,
      seconds: Math.round((Date.now() - use.startedAt) / 1000),
      tokens: use.tokens,
      next: use.slice < budget.maxSlices ? "continue" : "stop",
    }
    const goOn = details.next === "continue"
    use = fresh(use.slice + 1)
    hit = undefined
    refusedRounds = 0
    return {
      entries: [
        ...e.entries,
        {
          type: "custom_message",
          customType: CHECKPOINT,
          content: goOn
            ? continuation(details)
            : `Work budget: all ${details.maxSlices} slices of this reply are spent; the work stopped here.`,
          display: true,
          details,
        },
      ],
      continue: goOn || e.continue,
    }
  })
}

function fresh(slice: number): SliceUse {
  return { slice, toolCalls: 0, startedAt: Date.now(), tokens: 0 }
}
