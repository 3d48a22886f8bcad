// A session's goal (/goal): its state as the goal extension stores it in the session file (and
// puts in the session's info), the exact status texts the status line shows, and the parsing of
// /goal's arguments. Shared by the extension's host part (index.ts) and its window part (window/).
import { shortDuration } from "../../src/util/duration"

export { shortDuration }

export type GoalStatus = "pursuing" | "paused" | "stalled" | "limited" | "unmet" | "achieved"

export interface GoalState {
  objective: string
  status: GoalStatus
  /** Rounds started so far (the first is round 1). */
  round: number
  maxRounds: number
  maxMs: number
  /** Time spent pursuing, not counting the round running now. */
  usedMs: number
  /** When the running round's clock started (only while pursuing). */
  since?: number
  tokens: number
  maxTokens?: number
  /** A shell command that must exit 0 before the goal counts as achieved. */
  check?: string
  lastCheck?: { ok: boolean; exitCode: number; output: string; round: number }
  /** The model's summary from update_goal, or why the loop stopped. */
  summary?: string
}

/** The custom entry (state) and custom message (status card) types. */
export const GOAL_ENTRY = "goal"
export const GOAL_CARD = "goal-status"
export const GOAL_ROUND = "goal-round"

export const GOAL_DEFAULTS = { rounds: 30, hours: 8 } as const

/** The goal in a session's info (`info.extensions.goal`), as the host part put it there. */
export function goalOf(state: unknown): GoalState | undefined {
  if (typeof state !== "object" || state === null) return undefined
  const g = state as Partial<GoalState>
  return typeof g.objective === "string" && typeof g.status === "string" ? (state as GoalState) : undefined
}

export function goalTimeUsed(goal: GoalState, now: number): number {
  return goal.usedMs + (goal.status === "pursuing" && goal.since ? now - goal.since : 0)
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`

/** Exactly one of the contract's status texts. */
export function goalStatusText(goal: GoalState, now: number): string {
  const used = shortDuration(goalTimeUsed(goal, now))
  switch (goal.status) {
    case "pursuing":
      return `Pursuing goal (${used}, round ${goal.round}/${goal.maxRounds})`
    case "paused":
      return "Goal paused (/goal resume)"
    case "stalled":
      return "Goal stalled (/goal resume)"
    case "limited":
      return "Goal hit usage limits (/goal resume)"
    case "unmet":
      return `Goal unmet (${plural(goal.round, "round")}, ${used})`
    case "achieved":
      return `Goal achieved (${plural(goal.round, "round")}, ${used})`
  }
}

export const goalFinished = (goal: GoalState) => goal.status === "achieved" || goal.status === "unmet"

/** The commands that apply to a goal in this state, for the bare /goal card. */
export function goalCommands(goal: GoalState | undefined): string[] {
  if (!goal) return ["/goal <objective>"]
  if (goal.status === "pursuing") return ["/goal pause", "/goal edit", "/goal clear"]
  if (goalFinished(goal)) return ["/goal <objective>", "/goal clear"]
  return ["/goal resume", "/goal edit", "/goal clear"]
}

/** What the bare /goal card shows (its details). */
export interface GoalCardDetails {
  goal?: GoalState
  /** The status text as of when the card was made. */
  status?: string
  commands: string[]
}

export type GoalCommand =
  | { kind: "status" | "edit" | "pause" | "resume" | "clear" }
  | { kind: "set"; objective: string; rounds: number; hours: number; tokens?: number; check?: string }
  | { kind: "error"; message: string }

const SUBCOMMANDS = new Set(["edit", "pause", "resume", "clear"])

/** Splits at spaces, keeping "double quoted" or 'single quoted' words whole. */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

/**
 * `/goal` arguments. A subcommand matches only as the whole argument (`/goal pause now` is an
 * objective); options come before the objective.
 */
export function parseGoalArgs(args: string): GoalCommand {
  const text = args.trim()
  if (!text) return { kind: "status" }
  if (SUBCOMMANDS.has(text)) return { kind: text as "edit" }
  const set = { kind: "set" as const, objective: "", rounds: GOAL_DEFAULTS.rounds, hours: GOAL_DEFAULTS.hours } as {
    kind: "set"
    objective: string
    rounds: number
    hours: number
    tokens?: number
    check?: string
  }
  let rest = text
  for (;;) {
    const m = /^--(rounds|hours|tokens|check)(?:=|\s+)("[^"]*"|'[^']*'|\S+)\s*/.exec(rest)
    if (!m) break
    const [, flag, raw] = m
    const value = words(raw!)[0] ?? ""
    rest = rest.slice(m[0].length)
    if (flag === "check") {
      if (!value.trim()) return { kind: "error", message: "--check needs a shell command" }
      set.check = value
      continue
    }
    const n = Number(value)
    const whole = flag !== "hours"
    if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n)))
      return { kind: "error", message: `--${flag} needs a positive ${whole ? "whole " : ""}number, not "${value}"` }
    if (flag === "rounds") set.rounds = n
    else if (flag === "hours") set.hours = n
    else set.tokens = n
  }
  if (/^--\S+/.test(rest))
    return { kind: "error", message: `Unknown option ${rest.split(/\s/)[0]}: use --rounds, --hours, --tokens, --check` }
  set.objective = rest.trim()
  if (!set.objective) return { kind: "error", message: "Say what the goal is: /goal [--rounds N] <objective>" }
  return set
}
