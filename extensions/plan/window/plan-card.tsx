// Plan mode's transcript cards: the outcome of a plan request (plan_ready with its actions,
// blocked with what is missing, invalid with its warning), the start of an implementation, and a
// mid-run plan change with its diff and the person's decision. Pure: the state comes in as props.
import { For, Show } from "solid-js"
import {
  lineDiff,
  type DiffLine,
  type PlanCardDetails,
  type PlanChangeDetails,
  type PlanImplementDetails,
} from "../rules"
import { theme } from "../../../src/tui/theme"

/** What happened to a plan_ready card since: still open, implemented, or planned further. */
export type PlanCardState = "open" | "closed"

export type PlanAction = "implement" | "auto" | "keep" | "edit"

/** The card's actions and their keys (the session page wires both keys and clicks). */
export const PLAN_ACTIONS: readonly { key: string; label: string; action: PlanAction }[] = [
  { key: "i", label: "Implement", action: "implement" },
  { key: "a", label: "Implement and auto-accept", action: "auto" },
  { key: "k", label: "Keep planning", action: "keep" },
  { key: "e", label: "Edit plan", action: "edit" },
]

function PlanLines(props: { text: string }) {
  return (
    <For each={props.text.replace(/\n+$/, "").split("\n")}>
      {(line) => (
        <text fg={/^\s*#/.test(line) ? theme.accentAlt : theme.text} wrapMode="word">
          {line || " "}
        </text>
      )}
    </For>
  )
}

export function PlanCard(props: {
  details: PlanCardDetails
  state: PlanCardState
  onAction?: (action: PlanAction) => void
}) {
  const d = () => props.details
  const head = () => {
    if (d().outcome === "blocked") return { glyph: "■", color: theme.warning, text: "Plan blocked" }
    if (d().outcome === "invalid") return { glyph: "⚠", color: theme.warning, text: "No valid plan" }
    return { glyph: "◆", color: theme.accent, text: "Plan" }
  }
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <text wrapMode="word">
        <span style={{ fg: head().color }}>{`${head().glyph} ${head().text}`}</span>
        <span style={{ fg: theme.text }}>{d().title ? ` · ${d().title}` : ""}</span>
      </text>
      <box flexDirection="column" flexShrink={0} paddingLeft={1} border={["left"]} borderColor={theme.border}>
        <Show when={d().outcome === "plan_ready" && d().plan}>
          <PlanLines text={d().plan!} />
        </Show>
        <Show when={d().outcome === "blocked"}>
          <text fg={theme.text} wrapMode="word">{`Needs: ${d().missing ?? "more input"}`}</text>
        </Show>
        <Show when={d().outcome === "invalid"}>
          <text fg={theme.warning} wrapMode="word">
            {d().warning ?? "The plan request ended without a valid submit_plan call; the reply is kept as it is."}
          </text>
        </Show>
        <Show when={d().path}>
          <text fg={theme.dim} wrapMode="char">
            {d().path}
          </text>
        </Show>
      </box>
      <Show when={d().outcome === "plan_ready" && props.state === "open"}>
        <box flexDirection="row" flexWrap="wrap" flexShrink={0} columnGap={2}>
          <For each={PLAN_ACTIONS}>
            {(a, i) => (
              <box flexShrink={0} onMouseUp={() => props.onAction?.(a.action)}>
                <text fg={i() === 0 ? theme.accent : theme.text}>{`[alt+${a.key}] ${a.label}`}</text>
              </box>
            )}
          </For>
        </box>
      </Show>
    </box>
  )
}

export function PlanImplementRow(props: { details: PlanImplementDetails }) {
  return (
    <box flexShrink={0} marginTop={1} paddingLeft={2}>
      <text wrapMode="word">
        <span style={{ fg: theme.success }}>▶ Implementing the plan</span>
        <span style={{ fg: theme.text }}>{props.details.title ? ` · ${props.details.title}` : ""}</span>
        <span style={{ fg: theme.muted }}>{props.details.autoAccept ? " · edits auto-accepted" : ""}</span>
      </text>
    </box>
  )
}

const diffStyle = {
  get "+"() {
    return { fg: theme.diffAdd, bg: theme.diffAddBg }
  },
  get "-"() {
    return { fg: theme.diffRemove, bg: theme.diffRemoveBg }
  },
  get " "() {
    return { fg: theme.muted, bg: undefined }
  },
} as const

export function PlanDiff(props: { lines: readonly DiffLine[]; max?: number }) {
  const shown = () => (props.max ? props.lines.slice(0, props.max) : props.lines)
  return (
    <box flexDirection="column" flexShrink={0}>
      <For each={shown()}>
        {(l) => <text fg={diffStyle[l.op].fg} bg={diffStyle[l.op].bg} wrapMode="char">{`${l.op} ${l.text}`}</text>}
      </For>
      <Show when={shown().length < props.lines.length}>
        <text fg={theme.dim}>{`… ${props.lines.length - shown().length} more lines`}</text>
      </Show>
    </box>
  )
}

export function PlanChangeCard(props: { details: PlanChangeDetails }) {
  const verdict = () =>
    props.details.decision === "approved"
      ? { text: "approved", color: theme.success }
      : props.details.decision === "rejected"
        ? { text: "rejected: the run kept the plan it had", color: theme.error }
        : { text: "waiting for approval", color: theme.warning }
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <text wrapMode="word">
        <span style={{ fg: theme.accent }}>◆ Plan change</span>
        <span style={{ fg: verdict().color }}>{` · ${verdict().text}`}</span>
      </text>
      <box flexDirection="column" flexShrink={0} paddingLeft={1} border={["left"]} borderColor={theme.border}>
        <PlanDiff lines={lineDiff(props.details.before, props.details.after)} />
      </box>
    </box>
  )
}
