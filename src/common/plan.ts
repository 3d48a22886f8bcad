// What of plan mode (extensions/plan) crosses to clients that cannot import it: its tool's name
// (an editor over ACP sees its call as a mode switch), its cards' custom types and a plan's steps
// (ACP shows a plan as the thread's plan entries).
export const PLAN_TOOL = "submit_plan"

/** Custom message types of the plan's outcome and of an implementation's start. */
export const PLAN_CARD = "plan"
export const PLAN_IMPLEMENT = "plan-implement"

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
