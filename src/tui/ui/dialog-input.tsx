// One line of text: Enter submits (an empty answer too), Esc cancels.
import type { InputRenderable } from "@opentui/core"
import { theme } from "../theme"
import { useDialogCancel } from "../context/dialog"
import { DialogField } from "./dialog-field"

export interface DialogInputProps {
  title: string
  placeholder?: string
  /** what the field starts with (an edit of the current value) */
  value?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogInput(props: DialogInputProps) {
  const frame = useDialogCancel(() => props.onCancel())
  let input: InputRenderable | undefined

  return (
    <DialogField title={props.title} height={3} hint="Enter submit · Esc cancel">
      <input
        ref={(r: InputRenderable) => (input = r)}
        focused
        maxLength={100_000}
        value={props.value ?? ""}
        placeholder={props.placeholder ?? ""}
        placeholderColor={theme.dim}
        textColor={theme.text}
        focusedTextColor={theme.text}
        backgroundColor={theme.panel}
        focusedBackgroundColor={theme.panel}
        onSubmit={() => {
          props.onSubmit(input?.value ?? "")
          frame?.dismiss()
        }}
      />
    </DialogField>
  )
}
