// One line of text: Enter submits (an empty answer too), Esc cancels.
import type { InputRenderable } from "@opentui/core"
import { TextAttributes } from "@opentui/core"
import { useKeyboard } from "@opentui/solid"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"

export interface DialogInputProps {
  title: string
  placeholder?: string
  onSubmit(value: string): void
  onCancel(): void
}

export function DialogInput(props: DialogInputProps) {
  const frame = useDialogFrame()
  frame?.onCancel(() => props.onCancel())
  let input: InputRenderable | undefined

  useKeyboard((key) => {
    if (frame || key.name !== "escape") return
    key.preventDefault()
    props.onCancel()
  })

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
