// /goal as a bundled extension: a goal stored in the session (custom `goal` entries) and a loop
// that runs in the session host, so it goes on with no window attached. After each reply settles
// an unfinished goal gets its next round, until the model declares it achieved (and its --check
// passes) or unmet, a round stalls, a cap is hit, or the person pauses it (/goal pause, Esc).
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import {
  GOAL_CARD,
  GOAL_ENTRY,
  GOAL_ROUND,
  goalCommands,
  goalFinished,
  goalStatusText,
  parseGoalArgs,
  type GoalCardDetails,
  type GoalState,
} from "./rules"
import { roundText, settleRound, type RoundResult } from "./round"
import { createGoalTools, GOAL_TOOLS } from "./tools"

const CHECK_TIMEOUT_MS = 10 * 60_000

export default function goal(pi: ExtensionAPI, host?: BundledHost): void {
  let state: GoalState | undefined
  let declared: { status: "achieved" | "unmet"; summary: string } | undefined
  let feedback: string | undefined
  const waiters = new Set<() => void>()

  // The session's info carries the goal; windows draw its status text (and its clock) from it.
  const show = () => {
    host?.setState(state)
    if (state?.status !== "pursuing") for (const w of [...waiters]) w()
  }
  const tools = () => {
    const active = pi.getActiveTools().filter((n) => !GOAL_TOOLS.includes(n))
    pi.setActiveTools(state ? [...active, ...GOAL_TOOLS] : active)
  }
  const persist = () => {
    pi.appendEntry(GOAL_ENTRY, state ? { goal: state } : { goal: null })
    tools()
    show()
  }

  const rebuild = (ctx: ExtensionContext) => {
    const last = ctx.sessionManager
      .getBranch()
      .filter((e) => e.type === "custom" && e.customType === GOAL_ENTRY)
      .pop() as { data?: { goal?: GoalState | null } } | undefined
    state = last?.data?.goal ?? undefined
    // Reopened, a goal that was being pursued waits for the person: nothing resumes by itself.
    if (state?.status === "pursuing") {
      state = { ...state, status: "paused", since: undefined }
      persist()
    } else {
      tools()
      show()
    }
  }
  pi.on("session_start", (_e, ctx) => rebuild(ctx))
  pi.on("session_tree", (_e, ctx) => rebuild(ctx))

  const startRound = () => {
    if (!state) return
    const first = state.round === 0
    state = { ...state, round: state.round + 1, status: "pursuing", since: Date.now() }
    declared = undefined
    persist()
    const text = roundText(state, first, feedback)
    feedback = undefined
    pi.sendMessage(
      {
        customType: GOAL_ROUND,
        content: text,
        display: true,
        details: { round: state.round, maxRounds: state.maxRounds, first },
      },
      { triggerTurn: true },
    )
  }

  for (const t of createGoalTools({
    goal: () => state,
    declare: (status, summary) => {
      declared = { status, summary }
      if (status === "achieved" && state?.check)
        return `Recorded. The check \`${state.check}\` runs after this reply; the goal is achieved only if it exits 0.`
      return "Recorded. End your reply now."
    },
  }))
    pi.registerTool(t)

  pi.on("agent_end", (e, ctx) => {
    if (!state || state.status !== "pursuing") return
    const result: RoundResult = settleRound(state, e.messages as never[], declared, Date.now())
    state = result.state
    declared = undefined
    persist()
    if (!result.next) return
    void afterIdle(ctx).then(async () => {
      if (!state || state.status !== "pursuing") return
      if (result.next === "check") {
        const r = await runCheck(state.check!, ctx.cwd)
        const output = r.output.slice(-4000)
        state = { ...state, lastCheck: { ok: r.code === 0, exitCode: r.code, output, round: state.round } }
        if (r.code === 0) {
          state = { ...state, status: "achieved" }
          return persist()
        }
        feedback = `The goal's check \`${state.check}\` failed (exit ${r.code}), so the goal is not achieved yet:\n${output}`
        const capped = settleRound.capped(state)
        if (capped) {
          state = capped
          return persist()
        }
      }
      startRound()
    })
  })

  pi.registerCommand("goal", {
    description:
      "Pursue a goal over several rounds: /goal [--rounds N] [--hours H] [--tokens N] [--check cmd] <objective>",
    handler: async (args, ctx) => {
      const cmd = parseGoalArgs(args)
      const now = Date.now()
      switch (cmd.kind) {
        case "error":
          return ctx.ui.notify(cmd.message, "error")
        case "status": {
          const details: GoalCardDetails = { commands: goalCommands(state) }
          if (state) {
            details.goal = state
            details.status = goalStatusText(state, now)
          }
          if (!ctx.isIdle()) return ctx.ui.notify(details.status ?? "No goal set", "info")
          return pi.sendMessage({
            customType: GOAL_CARD,
            content: details.status ?? "No goal set",
            display: true,
            details,
          })
        }
        case "pause":
          if (!state || state.status !== "pursuing") return ctx.ui.notify("No goal is being pursued", "warning")
          state = pausedAt(state, now)
          persist()
          if (!ctx.isIdle()) ctx.abort()
          return
        case "resume": {
          if (!state || goalFinished(state)) return ctx.ui.notify("No paused goal to resume", "warning")
          if (state.status === "pursuing") return ctx.ui.notify("The goal is already being pursued", "info")
          state = settleRound.widen(state)
          await ctx.waitForIdle()
          startRound()
          return untilSettled()
        }
        case "clear":
          if (!state) return ctx.ui.notify("No goal to clear", "info")
          state = undefined
          persist()
          if (!ctx.isIdle()) ctx.abort()
          return
        case "edit": {
          if (!state) return ctx.ui.notify("No goal to edit: set one with /goal <objective>", "warning")
          const objective = (await ctx.ui.input("New objective for the goal", state.objective))?.trim()
          if (!objective) return
          state = { ...state, objective }
          return persist()
        }
        case "set": {
          if (state && !goalFinished(state)) {
            const ok = ctx.hasUI && (await ctx.ui.confirm("Replace the goal?", `Unfinished goal: ${state.objective}`))
            if (!ok) return ctx.ui.notify("The goal was kept", "info")
          }
          await ctx.waitForIdle()
          state = {
            objective: cmd.objective,
            status: "pursuing",
            round: 0,
            maxRounds: cmd.rounds,
            maxMs: cmd.hours * 3_600_000,
            usedMs: 0,
            tokens: 0,
            ...(cmd.tokens ? { maxTokens: cmd.tokens } : {}),
            ...(cmd.check ? { check: cmd.check } : {}),
          }
          feedback = undefined
          startRound()
          return untilSettled()
        }
      }
    },
  })

  /** The check runs as the agent's bash would: in the session's workspace sandbox. */
  async function runCheck(command: string, cwd: string): Promise<{ code: number; output: string }> {
    if (host) return host.sandbox.exec(command, { cwd, timeoutMs: CHECK_TIMEOUT_MS })
    // Under plain Pi (no xagent host) there is no sandbox to run it in: Pi runs it as its bash would.
    const r = await pi.exec("bash", ["-c", command], { cwd, timeout: CHECK_TIMEOUT_MS })
    return { code: r.code, output: `${r.stdout}${r.stderr}` }
  }

  /** In `xagent -p` the command is the whole run: it ends when the goal stops being pursued. */
  function untilSettled(): Promise<void> | void {
    if (host?.mode !== "print") return
    return new Promise((resolve) => {
      const done = () => {
        waiters.delete(done)
        resolve()
      }
      waiters.add(done)
    })
  }
}

function pausedAt(g: GoalState, now: number): GoalState {
  return { ...g, status: "paused", usedMs: g.usedMs + (g.since ? now - g.since : 0), since: undefined }
}

/** Resolves once Pi has let go of the run (its agent_end handlers run before that). */
function afterIdle(ctx: ExtensionContext): Promise<void> {
  return new Promise((resolve) => {
    const poll = (tries: number) => setTimeout(() => (ctx.isIdle() || tries <= 0 ? resolve() : poll(tries - 1)), 0)
    poll(1000)
  })
}
