// Transcript cards for ask_user: the call as a compact list of the questions asked, the result as one
// `✓ Label: …` line per answer. Read from the stored tool input and details, so resumed sessions match.
import { createContext, For, Show, useContext } from "solid-js"
import {
  CUSTOM_LABEL,
  selectionRule,
  type AskAnswer,
  type AskQuestion,
  type AskSelection,
  type ToolItem,
} from "../../../src/protocol"
import { terminalText } from "../../../src/common/terminal-text"
import { theme } from "../../../src/tui/theme"
import { shownQuestion } from "./ask-text"

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** The questions of a call, skipping any too malformed to draw (an errored call keeps its raw input). */
export function cardQuestions(args: unknown): AskQuestion[] {
  const list = isRecord(args) && Array.isArray(args.questions) ? args.questions : []
  return list
    .filter(
      (q): q is AskQuestion =>
        isRecord(q) && typeof q.label === "string" && typeof q.prompt === "string" && Array.isArray(q.choices),
    )
    .map(shownQuestion)
}

function selectionText(s: AskSelection): string {
  const main = s.wasCustom ? `${CUSTOM_LABEL}: "${s.value}"` : s.label
  return s.note ? `${main} (note: ${s.note})` : main
}

/** `Label: …` for one answer. */
export function answerLine(questions: AskQuestion[], a: AskAnswer): string {
  const label = questions.find((q) => q.id === a.id)?.label ?? a.id
  const sels = "multiple" in a && a.multiple ? a.selections : [a as AskSelection]
  return terminalText(`${label}: ${sels.length ? sels.map(selectionText).join(", ") : "(none)"}`)
}

/**
 * `answered`: the result lines follow, so the choices (all seen in the dock) are not listed again.
 * `waiting`: the open dock below shows the prompts and choices, so each question is its label line only.
 */
export function AskUserCallCard(props: { args: unknown; answered?: boolean; waiting?: boolean }) {
  const questions = () => cardQuestions(props.args)
  return (
    <For each={questions()}>
      {(q, i) => (
        <box flexDirection="column" flexShrink={0}>
          <text>
            <span style={{ fg: theme.accentAlt }}>◇ </span>
            <span style={{ fg: theme.muted }}>{`${i() + 1}/${questions().length} `}</span>
            <span style={{ fg: theme.text }}>{q.label}</span>
          </text>
          <Show when={!props.waiting}>
            <box flexDirection="column" paddingLeft={2} flexShrink={0}>
              <text fg={theme.text} wrapMode="word">
                {q.prompt}
              </text>
              <For each={props.answered ? [] : q.choices.filter(isRecord)}>
                {(c, j) => (
                  <text wrapMode="word">
                    <span style={{ fg: theme.muted }}>{q.multiple ? "○ " : `${j() + 1}. `}</span>
                    <span style={{ fg: theme.text }}>{terminalText(String(c.label ?? c.value ?? ""))}</span>
                    <span style={{ fg: theme.warning }}>{c.recommended === true ? " (Recommended)" : ""}</span>
                    <span style={{ fg: theme.muted }}>
                      {typeof c.description === "string" ? `  ${c.description}` : ""}
                    </span>
                  </text>
                )}
              </For>
              <Show when={q.multiple && !props.answered}>
                <text fg={theme.muted}>{selectionRule(q)}</text>
              </Show>
            </box>
          </Show>
        </box>
      )}
    </For>
  )
}

export function AskUserResultCard(props: { args: unknown; details: unknown }) {
  const details = () => (isRecord(props.details) ? props.details : {})
  const answers = () => (Array.isArray(details().answers) ? (details().answers as unknown[]).filter(isRecord) : [])
  return (
    <Show
      when={details().cancelled !== true}
      fallback={<text fg={theme.warning}>✗ Cancelled: the questions were not answered</text>}
    >
      <For each={answers()}>
        {(a) => (
          <text wrapMode="word">
            <span style={{ fg: theme.success }}>✓ </span>
            <span style={{ fg: theme.text }}>{answerLine(cardQuestions(props.args), a as unknown as AskAnswer)}</span>
          </text>
        )}
      </For>
    </Show>
  )
}

const cancelled = (item: ToolItem) => isRecord(item.details) && item.details.cancelled === true

/** The whole card for a transcript ToolItem named ask_user. */
/**
 * Whether this window's question dock is open (the session page provides it): the dock then shows
 * the prompts and choices, and a waiting card above it would repeat them row for row.
 */
export const AskDockOpen = createContext<() => boolean>(() => false)

export function AskUserCard(props: { item: ToolItem }) {
  const dockOpen = useContext(AskDockOpen)
  const waiting = () => props.item.status === "pending" || props.item.status === "running"
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <AskUserCallCard
        args={props.item.args}
        answered={props.item.status === "done" && !cancelled(props.item)}
        waiting={waiting() && dockOpen()}
      />
      <Show when={props.item.status === "done"}>
        <AskUserResultCard args={props.item.args} details={props.item.details} />
      </Show>
      <Show when={props.item.status === "error"}>
        <text fg={theme.error} wrapMode="word">{`✗ ${props.item.output ?? "ask_user failed"}`}</text>
      </Show>
      <Show when={waiting()}>
        <text fg={theme.dim}>… waiting for an answer</text>
      </Show>
    </box>
  )
}
