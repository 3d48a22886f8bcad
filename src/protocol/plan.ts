// Plan mode's cards as the plan extension writes them into the session and the window draws
// them: the outcome of a plan request, the start of an implementation, a plan change held for
// approval. Plus the two pure helpers both sides need: a plan's steps and a line diff.

import type { SessionInfo } from "./transcript"

export type PlanOutcome = "plan_ready" | "blocked" | "no_plan" | "invalid"

/** Custom message types. */
export const PLAN_CARD = "plan"
export const PLAN_IMPLEMENT = "plan-implement"
export const PLAN_CHANGE = "plan-change"
export const PLAN_TOOL = "submit_plan"

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

const SIDE_WORDS = "(?:risks?|notes?|caveats?|open questions?|assumptions?|considerations?|out of scope|rollback)"
/** A heading (Markdown `#`, a bold line, or `Risks:` alone) that opens a part of the plan which is not steps. */
const SIDE_SECTION = new RegExp(
  `^\\s{0,3}(?:#{1,6}\\s+${SIDE_WORDS}\\b.*|(?:\\*\\*|__)${SIDE_WORDS}\\b.*|${SIDE_WORDS}\\s*:?\\s*)$`,
  "i",
)

/**
 * The plan's steps. submit_plan asks for numbered steps, then a Risks section: a plan with
 * numbered lines has those as its steps (the bullets under a step or in its notes are not steps);
 * one without takes its bullets. Either way a Risks or notes heading ends them.
 */
export function planSteps(markdown: string): string[] {
  const numbered: string[] = []
  const bullets: string[] = []
  for (const line of markdown.split("\n")) {
    if (SIDE_SECTION.test(line)) break
    const m = /^\s{0,3}(?:(\d+[.)])|[-*+])\s+(?:\[[ xX]\]\s+)?(.+)$/.exec(line)
    if (m) (m[1] ? numbered : bullets).push(m[2]!.trim())
  }
  return numbered.length ? numbered : bullets
}

export type DiffLine = { op: " " | "+" | "-"; text: string }

/** A line diff (longest common subsequence); plans are short, so the quadratic table is fine. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n")
  const b = after.split("\n")
  const n = a.length
  const m = b.length
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ op: " ", text: a[i]! })
      i++
      j++
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) out.push({ op: "+", text: b[j++]! })
    else out.push({ op: "-", text: a[i++]! })
  }
  return out
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

/** The status segment while a plan request runs (info.mode "plan"); it names the allow-list where no sandbox holds bash. */
export function planningStatus(info: SessionInfo | undefined): string | undefined {
  if (info?.mode !== "plan") return undefined
  return info.sandbox?.scope === "read-only" ? PLANNING_STATUS : `${PLANNING_STATUS} · ${ALLOW_LIST_NOTE}`
}
