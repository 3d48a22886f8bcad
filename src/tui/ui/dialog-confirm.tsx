// Yes or no: y/n answer at once, Left/Right/Tab move between the buttons, Enter answers, Esc is no.
import { createSignal } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"
import { ChoiceButton } from "./choice-button"

export interface DialogConfirmProps {
  title: string
  message: string
  onConfirm(confirmed: boolean): void
}

export function DialogConfirm(props: DialogConfirmProps) {
  const frame = useDialogFrame()
  frame?.onCancel(() => props.onConfirm(false))
  const dims = useTerminalDimensions()
  const [yes, setYes] = createSignal(true)
  const answer = (value: boolean) => {
    props.onConfirm(value)
    frame?.dismiss()
  }

  useKeyboard((key) => {
    if (key.ctrl || key.meta) return
    const k = key.name
    if (k === "y") answer(true)
    else if (k === "n") answer(false)
    else if (k === "left" || k === "right" || k === "tab" || k === "h" || k === "l") setYes((v) => !v)
    else if (k === "return" || k === "kpenter") answer(yes())
    else if (k === "escape" && !frame) answer(false)
    else return
    key.preventDefault()
  })

  const button = (label: string, value: boolean) => (
    <ChoiceButton label={label} selected={yes() === value} onPress={() => answer(value)} />
  )

  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {props.title}
      </text>
      <text fg={theme.muted} wrapMode="word" marginTop={1}>
        {props.message}
      </text>
      <box flexDirection="row" gap={2} marginTop={1}>
        {button("Yes", true)}
        {button("No", false)}
      </box>
      <text wrapMode="none" truncate fg={theme.dim} marginTop={1}>
        {dims().width >= 60 ? "y/n · ←→ switch · Enter answer · Esc no" : "y/n · ←→ · Enter · Esc"}
      </text>
    </box>
  )
}
