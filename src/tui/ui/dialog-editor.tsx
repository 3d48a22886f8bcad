// Several lines of text: Enter is a newline; Ctrl+S (or Ctrl/Alt+Enter) submits; Esc cancels.
import { onMount } from "solid-js"
import type { KeyEvent, TextareaRenderable } from "@opentui/core"
import { useTerminalDimensions } from "@opentui/solid"
import { theme } from "../theme"
import { useDialogCancel } from "../context/dialog"
import { DialogField } from "./dialog-field"
import { useWindowRows } from "../context/window-rows"

export interface DialogEditorProps {
  title: string
  prefill?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogEditor(props: DialogEditorProps) {
  const frame = useDialogCancel(() => props.onCancel())
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  let editor: TextareaRenderable | undefined
  onMount(() => editor?.gotoBufferEnd())

  const onKeyDown = (key: KeyEvent) => {
    const save = (key.name === "s" && key.ctrl) || (key.name === "return" && (key.ctrl || key.meta || !!key.super))
    if (!save) return
    key.preventDefault()
    props.onSubmit(editor?.plainText ?? "")
    frame?.dismiss()
  }

  return (
    <DialogField
      title={props.title}
      paddingX={1}
      hint={dims().width >= 60 ? "Ctrl+S save · Enter newline · Esc cancel" : "Ctrl+S save · Esc cancel"}
    >
      <textarea
        ref={(r: TextareaRenderable) => (editor = r)}
        focused
        initialValue={props.prefill ?? ""}
        height={Math.max(3, Math.min(10, windowRows() - 12))}
        wrapMode="word"
        textColor={theme.text}
        focusedTextColor={theme.text}
        cursorColor={theme.accent}
        onKeyDown={onKeyDown}
      />
    </DialogField>
  )
}
