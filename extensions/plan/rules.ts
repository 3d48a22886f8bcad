// Plan mode's rules both its host part (index.ts) and its window part (window/) read: the cards as
// the host part writes them into the session and the window draws them (the outcome of a plan
// request, the start of an implementation, a plan change held for approval), a plan's steps, and
// the plan's state in the session's info.
import type { SessionInfo } from "../../src/protocol"
import { PLAN_CARD, PLAN_IMPLEMENT, PLAN_TOOL, planSteps } from "../../src/common/plan"

export { lineDiff, type DiffLine } from "../../src/common/line-diff"
export { PLAN_CARD, PLAN_IMPLEMENT, PLAN_TOOL, planSteps }

export type PlanOutcome = "plan_ready" | "blocked" | "no_plan" | "invalid"

/** Custom message types (the card and the implementation's start are named in common/plan.ts). */
export const PLAN_CHANGE = "plan-change"

export interface PlanCardDetails {
  outcome: Exclude<PlanOutcome, "no_plan">
  title?: string
  /** Markdown steps (plan_ready). */
  plan?: string
  /** What input is needed (blocked). */
  missing?: string
  /** The plan's Markdown file, which the person may edit before implementing. */
  path?: string
  /** invalid: why the request ended without a valid plan. */
  warning?: string
}

export interface PlanImplementDetails {
  title?: string
  path?: string
  plan: string
  /** Edits within the workspace are not asked about. */
  autoAccept: boolean
}

export interface PlanChangeDetails {
  before: string
  after: string
  decision: "approved" | "rejected" | "pending"
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

export function planCardDetails(details: unknown): PlanCardDetails | undefined {
  if (!isRecord(details)) return undefined
  const o = details.outcome
  return o === "plan_ready" || o === "blocked" || o === "invalid" ? (details as unknown as PlanCardDetails) : undefined
}

/** The status segment plan mode sets (key `plan`) while a plan is implemented. */
export const PLAN_STATUS_KEY = "plan"
export const PLANNING_STATUS = "⏸ plan mode"
/** Said beside the planning status while bash is held to an allow-list rather than a sandbox. */
export const ALLOW_LIST_NOTE = "bash: read-only allow-list, no sandbox"

/** The plan extension's state in the session's info (`info.extensions.plan`) while a plan request runs. */
export interface PlanInfoState {
  mode: "plan"
}

/** A plan request runs: the plan extension's state says so. */
export function planning(info: SessionInfo | undefined): boolean {
  const s = info?.extensions?.plan
  return typeof s === "object" && s !== null && (s as Partial<PlanInfoState>).mode === "plan"
}

/** The status segment while a plan request runs; it names the allow-list where no sandbox holds bash. */
export function planningStatus(info: SessionInfo | undefined): string | undefined {
  if (!planning(info)) return undefined
  return info?.sandbox?.scope === "read-only" ? PLANNING_STATUS : `${PLANNING_STATUS} · ${ALLOW_LIST_NOTE}`
}
