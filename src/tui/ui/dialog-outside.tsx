// `!outside <command>`: the complete command, escaped and scrollable, then Yes/No. Only keys
// typed here approve it. Yes needs the end of the command to have been on screen, and a
// terminal too small for a few command rows and the choices together denies it at once.
import { createEffect, createSignal, For } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"
import { useWindowRows } from "../context/window-rows"
import { ChoiceButton } from "./choice-button"
import { commandLines } from "./outside-text"

/** Rows besides the command: the margin around the frame (2), its border (2), title, gap, position, gap, buttons, hint. */
const CHROME = 10
/** Fewer visible command rows than this (or the whole command, if shorter) is too small. */
const MIN_ROWS = 3
/** The dialog frame's width less its border and padding (context/dialog.tsx). */
const textWidth = (cols: number) => Math.max(20, Math.min(76, cols - 4)) - 4

export interface DialogOutsideProps {
  command: string
  /** `tooSmall`: refused because the terminal could not show command and choices together. */
  onAnswer(approved: boolean, why?: "tooSmall"): void
}

export function DialogOutside(props: DialogOutsideProps) {
  const frame = useDialogFrame()
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const lines = () => commandLines(props.command, textWidth(dims().width))
  const rows = () => Math.min(lines().length, Math.max(0, windowRows() - CHROME))
  const [top, setTop] = createSignal(0)
  const [yes, setYes] = createSignal(false)
  const [seenEnd, setSeenEnd] = createSignal(false)
  let answered = false
  const answer = (value: boolean, why?: "tooSmall") => {
    if (answered) return
    answered = true
    props.onAnswer(value, why)
    frame?.dismiss()
  }
  frame?.onCancel(() => answer(false))
  const maxTop = () => Math.max(0, lines().length - rows())
  const scroll = (to: number) => setTop(Math.max(0, Math.min(maxTop(), to)))

  createEffect(() => {
    if (dims().width < 24 || rows() < Math.min(MIN_ROWS, lines().length)) answer(false, "tooSmall")
  })
  createEffect(() => {
    if (top() >= maxTop()) setSeenEnd(true)
  })

  const approve = () => (seenEnd() ? answer(true) : scroll(maxTop()))

  useKeyboard((key) => {
    if (key.ctrl || key.meta) return
    const k = key.name
    if (k === "y") approve()
    else if (k === "n" || (k === "escape" && !frame)) answer(false)
    else if (k === "left" || k === "right" || k === "tab") setYes((v) => !v)
    else if (k === "up" || k === "k") scroll(top() - 1)
    else if (k === "down" || k === "j") scroll(top() + 1)
    else if (k === "pageup") scroll(top() - rows())
    else if (k === "pagedown" || k === "space") scroll(top() + rows())
    else if (k === "return" || k === "kpenter") yes() ? approve() : answer(false)
    else return
    key.preventDefault()
  })

  const button = (label: string, value: boolean) => (
    <ChoiceButton label={label} selected={yes() === value} onPress={() => (value ? approve() : answer(false))} />
  )

  return (
    <box flexDirection="column">
      <text fg={theme.warning} attributes={TextAttributes.BOLD} wrapMode="none" truncate>
        Run once outside the sandbox?
      </text>
      <box flexDirection="column" marginTop={1} height={rows()} flexShrink={0}>
        <For each={lines().slice(top(), top() + rows())}>
          {(line) => (
            <text fg={theme.text} wrapMode="none">
              {line || " "}
            </text>
          )}
        </For>
      </box>
      <text fg={theme.dim} wrapMode="none" truncate>
        {lines().length > rows()
          ? `lines ${top() + 1}–${top() + rows()} of ${lines().length}${seenEnd() ? "" : " · scroll to the end to approve"}`
          : " "}
      </text>
      <box flexDirection="row" gap={2} marginTop={1}>
        {button("Run outside", true)}
        {button("Cancel", false)}
      </box>
      <text wrapMode="none" truncate fg={theme.dim}>
        y run · n cancel · ↑↓ PgUp PgDn scroll · Esc cancel
      </text>
    </box>
  )
}
