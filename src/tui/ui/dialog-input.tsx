// One line of text: Enter submits (an empty answer too), Esc cancels.
import type { InputRenderable } from "@opentui/core"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"
import { useDialogCancel } from "../context/dialog"

export interface DialogInputProps {
  title: string
  placeholder?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogInput(props: DialogInputProps) {
  const frame = useDialogCancel(() => props.onCancel())
  let input: InputRenderable | undefined

  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {props.title}
      </text>
      <box border borderStyle="rounded" borderColor={theme.border} height={3} marginTop={1}>
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
          onSubmit={() => {
            props.onSubmit(input?.value ?? "")
            frame?.dismiss()
          }}
        />
      </box>
      <text wrapMode="none" truncate fg={theme.dim}>
        Enter submit · Esc cancel
      </text>
    </box>
  )
}
