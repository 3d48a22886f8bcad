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
}

/** The worst verdict first: what a summary line and an exit code go by. */
export const VERDICT_ORDER: DoctorVerdict[] = ["fail", "warn", "unchecked", "ok"]

export function worstVerdict(checks: readonly DoctorCheck[]): DoctorVerdict {
  for (const v of VERDICT_ORDER) if (checks.some((c) => c.verdict === v)) return v
  return "ok"
}
