// /doctor and `xagent doctor`: local readiness checks, each with a verdict and one line of fix.
// The host (or the CLI's doctor process) makes them; the window adds what only it can see (the
// terminal's features) and draws them; `xagent doctor --json` prints them as they are.

/** `unchecked`: the check was not made here (said so, never passed off as ok). */
export type DoctorVerdict = "ok" | "warn" | "fail" | "unchecked"

export interface DoctorCheck {
  /** What was checked, a few words: "model", "sandbox", "models.json". */
  name: string
  verdict: DoctorVerdict
  /** What was found, one line. */
  text: string
  /** What to do about it, one line; absent when there is nothing to do. */
  fix?: string
}

export interface DoctorReport {
  checks: DoctorCheck[]
  /** Asked for: what the live check would send (to confirm), or why it cannot be made. */
  live?: LivePlan | { problem: string }
  /** A live request was made (its check is among `checks`). */
  liveMade?: boolean
}

/** The live check's request, said before it is made: the model and the most it can cost. */
export interface LivePlan {
  /** `provider/id`. */
  model: string
  inputTokens: number
  maxOutputTokens: number
  /** Dollars, from the model's listed prices; absent: none listed. */
  maxCost?: number
}

/** `one request to a/b (about 40 tokens in, at most 16 out; at most $0.0001)`. */
export function livePlanText(p: LivePlan): string {
  const cost =
    p.maxCost === undefined
      ? "no price is listed for it"
      : `at most $${p.maxCost < 0.0001 ? p.maxCost.toExponential(1) : p.maxCost.toFixed(4)}`
  return `one request to ${p.model} (about ${p.inputTokens} tokens in, at most ${p.maxOutputTokens} out; ${cost})`
}

/** The worst verdict first: what a summary line and an exit code go by. */
export const VERDICT_ORDER: DoctorVerdict[] = ["fail", "warn", "unchecked", "ok"]

export function worstVerdict(checks: readonly DoctorCheck[]): DoctorVerdict {
  for (const v of VERDICT_ORDER) if (checks.some((c) => c.verdict === v)) return v
  return "ok"
}
