// What plan mode shows around the composer, read from the end of the transcript: the plan card whose
// actions are live, and, during an implementation run, the plan with the todo list's progress and
// any change the model proposed. The scan stops at the last person's message, so its cost is the
// current run's length, not the session's.
import { TODO_TOOL, todoDetails, type TodoItem } from "../../../src/common/todo"
import { type TranscriptItem } from "../../../src/protocol"
import { PLAN_CARD, PLAN_IMPLEMENT, PLAN_TOOL, planCardDetails, planSteps, type PlanImplementDetails } from "../rules"

export interface PlanView {
  openCardId?: string
  /** The open card's plan file, which Alt+E opens in the person's editor. */
  openCardPath?: string
  implementing?: {
    title?: string
    plan: string
    steps: string[]
    todos: TodoItem[]
    change?: { before: string; after: string }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

export function planView(items: readonly TranscriptItem[]): PlanView {
  let start = items.length
  let implement: PlanImplementDetails | undefined
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!
    if (it.kind === "user") break
    if (it.kind !== "custom") continue
    if (it.customType === PLAN_IMPLEMENT && isRecord(it.details) && typeof it.details.plan === "string") {
      implement = it.details as unknown as PlanImplementDetails
      start = i
      break
    }
    if (it.customType === PLAN_CARD && planCardDetails(it.details)?.outcome === "plan_ready")
      return { openCardId: it.id, openCardPath: planCardDetails(it.details)?.path }
  }
  if (!implement) return {}
  let plan = implement.plan
  let todos: TodoItem[] = []
  let change: { before: string; after: string } | undefined
  for (let i = start + 1; i < items.length; i++) {
    const it = items[i]!
    if (it.kind !== "tool") continue
    if (it.name === TODO_TOOL && it.status === "done") todos = todoDetails(it.details)?.todos ?? todos
    if (it.name === PLAN_TOOL) {
      const d = it.details
      if (isRecord(d) && d.decision === "approved" && typeof d.after === "string") plan = d.after
      const after = isRecord(it.args) && typeof it.args.plan === "string" ? it.args.plan : undefined
      change = it.status === "running" && after ? { before: plan, after } : undefined
    }
  }
  return { implementing: { title: implement.title, plan, steps: planSteps(plan), todos, change } }
}
