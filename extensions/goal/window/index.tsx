// /goal in the window: its status card and round markers in the transcript, and its status-line
// segment, read from the goal the host part keeps in the session's info (`info.extensions.goal`).
// A pursued goal's time in that segment moves on a clock that runs only while it is pursued.
import { createEffect, createSignal, onCleanup } from "solid-js"
import type { WindowFeature } from "../../../src/tui/slots/types"
import { theme } from "../../../src/tui/theme"
import { GOAL_CARD, GOAL_ROUND, goalOf, goalStatusText, type GoalCardDetails } from "../rules"
import { GoalCard, GoalRoundRow } from "./goal-card"

const TICK_MS = 30_000

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

export const goalWindow: WindowFeature = {
  name: "goal",
  cards: {
    [GOAL_CARD]: (p) => {
      const d = p.item.details
      if (isRecord(d) && Array.isArray(d.commands))
        return <GoalCard details={d as unknown as GoalCardDetails} timestamp={p.item.timestamp} />
      return undefined
    },
    [GOAL_ROUND]: (p) => {
      const d = p.item.details
      if (!isRecord(d)) return undefined
      return (
        <GoalRoundRow
          round={typeof d.round === "number" ? d.round : undefined}
          maxRounds={typeof d.maxRounds === "number" ? d.maxRounds : undefined}
          first={d.first === true}
        />
      )
    },
  },
  // An extension's own `setStatus("goal", …)` outlasts the token counts, as the goal's segment does.
  statusKeys: { goal: (text) => ({ text, color: theme.info, rank: 0.5 }) },
  session(ctx) {
    const goal = () => goalOf(ctx.state())
    const [now, setNow] = createSignal(Date.now())
    createEffect(() => {
      const pursuing = goal()?.status === "pursuing"
      setNow(Date.now())
      if (!pursuing) return
      const t = setInterval(() => setNow(Date.now()), TICK_MS)
      onCleanup(() => clearInterval(t))
    })
    return {
      // It outlasts the model name: it says what the agent is doing under the person's steering.
      status: () => {
        const g = goal()
        return g ? [{ text: goalStatusText(g, now()), color: theme.info, rank: -0.5 }] : []
      },
    }
  },
}
