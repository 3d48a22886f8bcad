// Plan mode in the window: Shift+Tab makes the next message a plan request (the composer's mode);
// the open plan card's actions (its Alt-keys) run the plan extension's commands; a `!command`
// typed during a plan request waits for its end; while a plan is carried out its panel sits above
// the composer. The plan's state comes from the session's info (`info.extensions.plan`).
import { createContext, createEffect, createMemo, createSignal, on, Show, useContext } from "solid-js"
import {
  PLAN_CARD,
  PLAN_IMPLEMENT,
  PLAN_STATUS_KEY,
  PLAN_TOOL,
  planCardDetails,
  planning,
  planningStatus,
  type PlanImplementDetails,
} from "../rules"
import { PlainToolRow } from "../../../src/tui/component/message/extension-rows"
import type { ComposerMode, ToolCardProps, WindowFeature } from "../../../src/tui/slots/types"
import { theme } from "../../../src/tui/theme"
import { PLAN_ACTIONS, PlanCard, PlanChangeCard, PlanImplementRow, type PlanAction } from "./plan-card"
import { PlanPanel } from "./plan-panel"
import { planView } from "./plan-view"

export interface PlanCardsApi {
  /** The id of the plan_ready card whose actions are live, if any. */
  openId(): string | undefined
  act(action: PlanAction): void
}

/** Which plan card is open comes from the session page's plan part, so the card itself stays pure. */
const PlanCards = createContext<PlanCardsApi>({ openId: () => undefined, act: () => {} })

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

function OpenPlanCard(props: { id: string; details: NonNullable<ReturnType<typeof planCardDetails>> }) {
  const plans = useContext(PlanCards)
  return (
    <PlanCard
      details={props.details}
      state={plans.openId() === props.id ? "open" : "closed"}
      onAction={(a) => plans.act(a)}
    />
  )
}

/** submit_plan: a plan change during an implementation run shows its diff and the decision. */
function SubmitPlanRow(props: ToolCardProps) {
  const change = () => {
    const d = props.item.details
    return isRecord(d) && typeof d.before === "string" && typeof d.after === "string" && typeof d.decision === "string"
      ? (d as unknown as Parameters<typeof PlanChangeCard>[0]["details"])
      : undefined
  }
  return change() ? <PlanChangeCard details={change()!} /> : <PlainToolRow {...props} />
}

export const planWindow: WindowFeature = {
  name: "plan",
  cards: {
    [PLAN_CARD]: (p) => {
      const card = planCardDetails(p.item.details)
      return card ? <OpenPlanCard id={p.item.id} details={card} /> : undefined
    },
    [PLAN_IMPLEMENT]: (p) => {
      const d = p.item.details
      if (isRecord(d) && typeof d.plan === "string")
        return <PlanImplementRow details={d as unknown as PlanImplementDetails} />
      return undefined
    },
  },
  toolCards: { [PLAN_TOOL]: SubmitPlanRow },
  // The extension's own `▶ implementing plan` outlasts the token counts, as a goal's does.
  statusKeys: { [PLAN_STATUS_KEY]: (text) => ({ text, color: theme.info, rank: 0.5 }) },
  // Its actions (Alt+I, Alt+E…) are drawn on the open card only: inline, it waits in the footer.
  holdItem: (items) => planView(items).openCardId,
  session(ctx) {
    const hasPlan = createMemo(() => ctx.commandNames().includes("plan"))
    const [on_, setOn] = createSignal(false)
    const [collapsed, setCollapsed] = createSignal(false)
    const [heldBash, setHeldBash] = createSignal<string[]>([])
    const plan = createMemo(() => planView(ctx.items()))
    const runs = () => planning(ctx.info())
    const api: PlanCardsApi = {
      openId: () => (ctx.running() ? undefined : plan().openCardId),
      act: (a) => {
        if (a === "keep") return setOn(true)
        // The plan file is on this machine (the host is local): the person edits it in their editor,
        // and Implement reads it back. A card with no file leaves it to the extension's own editor.
        const path = plan().openCardPath
        if (a === "edit" && path)
          return void ctx
            .editFile(path)
            .then((err) => (err ? ctx.toast("error", err) : ctx.toast("info", `Plan edited: ${path}`)))
        ctx.send(a === "implement" ? "/plan implement" : a === "auto" ? "/plan implement --auto" : "/plan edit")
      },
    }
    const mode: ComposerMode = {
      prompt: "⏸ ",
      get color() {
        return theme.accentAlt
      },
      placeholder: (width) =>
        width >= 60 ? "Plan mode: the next message is a plan request (shift+tab)" : "Plan request",
      send: (text) => {
        setOn(false)
        return `/plan ${text}`
      },
    }
    // What waited for the plan request's end runs once it is over.
    createEffect(
      on(runs, (now) => {
        if (now || !heldBash().length) return
        const held = heldBash()
        setHeldBash([])
        for (const c of held) ctx.bash(c)
      }),
    )
    return {
      status: () => {
        const text = planningStatus(ctx.info())
        // It outlasts the model name: it says what the agent is doing under the person's steering.
        return text ? [{ text, color: theme.info, rank: -0.5 }] : []
      },
      composerMode: { available: hasPlan, toggle: () => setOn((m) => !m), current: () => (on_() ? mode : undefined) },
      altKeys: (k) => {
        const a = plan().openCardId && !ctx.running() ? PLAN_ACTIONS.find((x) => x.key === k) : undefined
        if (a) api.act(a.action)
        return !!a
      },
      holdBash: (command) => {
        if (!runs()) return false
        setHeldBash((h) => [...h, command])
        return true
      },
      provide: (children) => <PlanCards.Provider value={api}>{children()}</PlanCards.Provider>,
      rows: [
        {
          placement: "aboveComposer",
          view: () => (
            <>
              <Show when={heldBash().length > 0}>
                <box flexShrink={0} paddingX={1}>
                  <text
                    fg={theme.muted}
                    wrapMode="none"
                    truncate
                  >{`! ${heldBash().join(" · ")} (runs after the plan request)`}</text>
                </box>
              </Show>
              <Show when={ctx.running() && plan().implementing}>
                <PlanPanel
                  title={plan().implementing!.title}
                  steps={plan().implementing!.steps}
                  todos={plan().implementing!.todos}
                  change={plan().implementing!.change}
                  collapsed={collapsed()}
                  onToggle={() => setCollapsed((c) => !c)}
                />
              </Show>
            </>
          ),
        },
      ],
    }
  },
}
