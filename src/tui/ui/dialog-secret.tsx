// A secret (an API key): like DialogInput, but what is typed is drawn as bullets.
import { useDialogCancel } from "../context/dialog"
import { DialogField } from "./dialog-field"
import { MaskedInput } from "./masked-input"

export function DialogSecret(props: {
  title: string
  placeholder?: string
  onSubmit(value: string): void
  onCancel(): void
}) {
  const frame = useDialogCancel(() => props.onCancel())
  return (
    <DialogField title={props.title} height={3} hint="Enter save · Esc cancel · the key is hidden while typed">
      <MaskedInput
        placeholder={props.placeholder}
        onSubmit={(value) => {
          props.onSubmit(value)
          frame?.dismiss()
        }}
      />
    </DialogField>
  )
}
