// One line of text: Enter submits (an empty answer too), Esc cancels. A secret (an API key) is
// drawn as bullets while typed.
import type { InputRenderable } from "@opentui/core"
import { theme } from "../theme"
import { useDialogCancel } from "../context/dialog"
import { DialogField } from "./dialog-field"
import { MaskedInput } from "./masked-input"

export interface DialogInputProps {
  title: string
  placeholder?: string
  secret?: boolean
  /** what the field starts with (an edit of the current value) */
  value?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogInput(props: DialogInputProps) {
  const frame = useDialogCancel(() => props.onCancel())
  const submit = (value: string) => {
    props.onSubmit(value)
    frame?.dismiss()
  }
  return (
    <DialogField
      title={props.title}
      height={3}
      hint={props.secret ? "Enter save · Esc cancel · the key is hidden while typed" : "Enter submit · Esc cancel"}
    >
      {props.secret ? (
        <MaskedInput placeholder={props.placeholder} onSubmit={submit} />
      ) : (
        <FieldInput placeholder={props.placeholder} value={props.value} onSubmit={submit} />
      )}
    </DialogField>
  )
}

/** The focused one-line input the text dialogs use, in the dialog panel's colours. */
export function FieldInput(props: { placeholder?: string; value?: string; onSubmit(value: string): void }) {
  let input: InputRenderable | undefined
  return (
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
      onSubmit={() => props.onSubmit(input?.value ?? "")}
    />
  )
}
