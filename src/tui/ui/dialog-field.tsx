// The layout the text dialogs share: a bold title, the field in a rounded box, a line of key hints.
import type { JSX } from "solid-js"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"

export function DialogField(props: {
  title: string
  hint: string
  /** the box's own fixed height, for a one-line field */
  height?: number
  paddingX?: number
  children: JSX.Element
}) {
  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {props.title}
      </text>
      <box
        border
        borderStyle="rounded"
        borderColor={theme.border}
        marginTop={1}
        height={props.height}
        paddingX={props.paddingX}
      >
        {props.children}
      </box>
      <text wrapMode="none" truncate fg={theme.dim}>
        {props.hint}
      </text>
    </box>
  )
}
