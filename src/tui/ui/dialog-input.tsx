// One line of text: Enter submits (an empty answer too), Esc cancels.
import type { InputRenderable } from "@opentui/core"
import { theme } from "../theme"
import { useDialogCancel } from "../context/dialog"
import { DialogField } from "./dialog-field"

export interface DialogInputProps {
  title: string
  placeholder?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogInput(props: DialogInputProps) {
  const frame = useDialogCancel(() => props.onCancel())
  return (
    <DialogField title={props.title} height={3} hint="Enter submit · Esc cancel">
      <FieldInput
        placeholder={props.placeholder}
        onSubmit={(value) => {
          props.onSubmit(value)
          frame?.dismiss()
        }}
      />
    </DialogField>
  )
}

/** The focused one-line input the text dialogs use, in the dialog panel's colours. */
export function FieldInput(props: { placeholder?: string; onSubmit(value: string): void }) {
  let input: InputRenderable | undefined
  return (
    <input
      ref={(r: InputRenderable) => (input = r)}
      focused
      maxLength={100_000}
      placeholder={props.placeholder ?? ""}
      placeholderColor={theme.dim}
      textColor={theme.text}
      focusedTextColor={theme.text}
      backgroundColor={theme.panel}
      focusedBackgroundColor={theme.panel}
      onSubmit={() => props.onSubmit(input?.value ?? "")}
    />
  )
}
