// The side question's dock (/btw), above the composer: the question, the answer as it streams,
// and its keys. The composer keeps the keys it has (the person may go on typing); the dock takes
// Esc (it closes before a second Esc would stop the reply) and the paging keys while it is open.
import { useKeyboard } from "@opentui/solid"
import { createEffect, createMemo, createSignal, For, on, Show } from "solid-js"
import { terminalLine, terminalText } from "../../../common/terminal-text"
import type { SideAnswer } from "../../context/side-answer"
import { useKeymap } from "../../keys/keymap"
import { theme } from "../../theme"
import { fitCells } from "../../util/format"
import { wrapText } from "../../util/wrap-text"

const HINT = "Esc closes · PgUp/PgDn scroll · /copy btw copies"

/** How many rows the answer may take: a third of the screen, at least 3. */
export const sideRows = (screenRows: number) => Math.max(3, Math.floor(screenRows / 3))

export function SideDock(props: {
  side: SideAnswer
  width: number
  /** The screen's rows (the dock takes at most a third for the answer). */
  rows: number
  focused: boolean
  onDismiss: () => void
}) {
  const keys = useKeymap()
  // Two cells of padding each side.
  const inner = () => Math.max(10, props.width - 2)
  const lines = createMemo(() => {
    const text = terminalText(props.side.text)
    if (props.side.status === "asking" && !text) return ["…"]
    return wrapText(text, inner())
  })
  const height = () => Math.min(lines().length, sideRows(props.rows))
  // undefined: the view follows the answer's end as it streams; a number: the first row shown.
  const [top, setTop] = createSignal<number | undefined>()
  createEffect(
    on(
      () => props.side.id,
      () => setTop(undefined),
    ),
  )
  const maxTop = () => Math.max(0, lines().length - height())
  const first = () => Math.min(top() ?? maxTop(), maxTop())
  const shown = () => lines().slice(first(), first() + height())
  const page = (dir: -1 | 1) => {
    const next = first() + dir * Math.max(1, height() - 1)
    setTop(next >= maxTop() ? undefined : Math.max(0, next))
  }

  useKeyboard((e) => {
    if (!props.focused || e.defaultPrevented || e.eventType === "release") return
    if (e.name === "escape" && !e.ctrl && !e.meta && !e.shift) return (e.preventDefault(), props.onDismiss())
    if (keys.matches("tui.altScreen.pageUp", e)) return (e.preventDefault(), page(-1))
    if (keys.matches("tui.altScreen.pageDown", e)) return (e.preventDefault(), page(1))
  })

  const state = () => {
    const s = props.side
    if (s.status === "error") return ` · failed: ${terminalLine(s.error ?? "")}`
    if (s.status === "asking" || s.status === "streaming") return " · answering"
    return lines().length > height() ? ` · ${first() + 1}-${first() + height()} of ${lines().length}` : ""
  }
  const title = () => fitCells(`btw: ${terminalLine(props.side.question)}`, Math.max(1, inner() - state().length))

  return (
    <box flexDirection="column" flexShrink={0} paddingX={1}>
      <text wrapMode="none">
        <span style={{ fg: theme.border }}>{"─".repeat(Math.max(0, props.width - 2))}</span>
      </text>
      <text wrapMode="none">
        <span style={{ fg: theme.accent }}>{title()}</span>
        <span style={{ fg: props.side.status === "error" ? theme.error : theme.dim }}>
          {fitCells(state(), inner())}
        </span>
      </text>
      <For each={shown()}>
        {(line) => (
          <text wrapMode="none" fg={theme.text}>
            {line}
          </text>
        )}
      </For>
      <Show when={props.width >= 30}>
        <text wrapMode="none" fg={theme.dim}>
          {fitCells(HINT, inner())}
        </text>
      </Show>
    </box>
  )
}
