// The question dock: a flat block above the composer that stages answers to ask_user questions and
// hands them back once they pass the shared rules. Self-contained: give it questions, a width, callbacks.
import { createMemo, createSignal, Index, on, createEffect, mergeProps, Show } from "solid-js"
import type { AskAnswer, AskQuestion } from "../../../../src/protocol/ask-user"
import { theme } from "../../../../src/tui/theme"
import { update, type Action, type Env } from "./actions"
import { BESIDE_GAP, measure, type SketchView } from "./frame"
import { useDockKeys } from "./dock-keys"
import { initialState, isReview, isTextFocus } from "./state"
import { ActionRow, BodyLines, SegLine, SketchFrame, Tabs } from "./views"
import { shownQuestion } from "../ask-text"
import { terminalText } from "../../../../src/common/terminal-text"

export interface QuestionDockProps {
  questions: AskQuestion[]
  width: number
  /** Most rows the dock may take; the body scrolls inside what is left. Default 20. */
  height?: number
  /** False while something else has the keys (a dialog over the window). Default true. */
  focused?: boolean
  /** A subagent's questions (UiRequest.from): named on the dock's first row. */
  from?: string
  onSubmit: (answers: AskAnswer[]) => void
  onCancel: () => void
}

export const DEFAULT_DOCK_HEIGHT = 20

export function QuestionDock(raw: QuestionDockProps) {
  // The model's texts, drawn and echoed back in answers' labels, without terminal controls.
  const questions = createMemo(() => raw.questions.map(shownQuestion))
  const props = mergeProps(raw, {
    get questions() {
      return questions()
    },
  })
  const [state, setState] = createSignal(initialState(props.questions))
  // One row, cut to the dock's inner width (its padding takes two columns).
  const asker = createMemo(() => {
    if (!raw.from) return undefined
    const line = `Subagent ${terminalText(raw.from).replace(/\s+/g, " ")} asks:`
    const room = Math.max(1, raw.width - 2)
    return line.length > room ? `${line.slice(0, room - 1)}…` : line
  })
  // One answer or one cancel per set of questions, even if keys keep arriving before the dock unmounts.
  let settled = false
  createEffect(
    on(
      () => props.questions,
      (questions) => {
        settled = false
        setState(initialState(questions))
      },
      { defer: true },
    ),
  )
  const env = (): Env => ({
    questions: props.questions,
    width: props.width,
    height: (props.height ?? DEFAULT_DOCK_HEIGHT) - (asker() ? 1 : 0),
  })
  const frame = createMemo(() => measure(props.questions, state(), env().width, env().height))
  const review = () => isReview(props.questions, state())
  const focus = () => (review() ? state().review.focus : state().pages[state().tab]!.focus)

  const dispatch = (action: Action) => {
    if (settled) return
    const out = update(env(), state(), action)
    setState(out.state)
    if (out.cancel) return cancel()
    if (!out.submit) return
    settled = true
    props.onSubmit(out.submit)
  }
  const cancel = () => {
    if (settled) return
    settled = true
    props.onCancel()
  }

  useDockKeys({
    has: () => !settled && props.focused !== false,
    textFocus: () => !review() && isTextFocus(focus()),
    dispatch,
  })

  const visible = () => frame().body.lines.slice(frame().bodyTop, frame().bodyTop + frame().bodyHeight)
  const status = () => {
    const f = frame()
    const total = f.body.lines.length
    if (total <= f.bodyHeight) return undefined
    return `↕ ${f.bodyTop + 1}-${f.bodyTop + f.bodyHeight}/${total}`
  }

  return (
    <box flexDirection="column" width={props.width} flexShrink={0}>
      <SegLine segs={[{ text: "─".repeat(props.width), fg: theme.border }]} />
      <box flexDirection="column" paddingLeft={1} paddingRight={1}>
        <Show when={asker()}>{(line: () => string) => <SegLine segs={[{ text: line(), fg: theme.accent }]} />}</Show>
        <Tabs lines={frame().tabs} active={state().tab} onSelect={(tab) => dispatch({ type: "tabTo", tab })} />
        <Index each={frame().header}>{(line) => <SegLine segs={line().segs} />}</Index>
        <box
          flexDirection={frame().beside ? "row" : "column"}
          gap={frame().beside ? BESIDE_GAP : 0}
          alignItems={frame().beside ? "flex-start" : "stretch"}
        >
          <box flexDirection="column" flexShrink={0} width={frame().beside ? frame().bodyWidth : undefined}>
            <BodyLines lines={visible()} hover={state().hover} dispatch={dispatch} />
          </box>
          <Show when={frame().sketch}>{(view: () => SketchView) => <SketchFrame view={view()} />}</Show>
        </box>
        <Index each={frame().message}>
          {(text) => (
            <SegLine segs={[{ text: text(), fg: state().message?.tone === "info" ? theme.info : theme.error }]} />
          )}
        </Index>
        <ActionRow
          label={frame().action}
          focused={focus().kind === "action"}
          width={frame().inner}
          status={status()}
          onPress={() => dispatch({ type: "click", focus: { kind: "action" } })}
        />
        <Index each={frame().hint}>{(text) => <SegLine segs={[{ text: text(), fg: theme.dim }]} />}</Index>
      </box>
    </box>
  )
}
