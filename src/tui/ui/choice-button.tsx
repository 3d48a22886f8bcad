// One of a dialog's answer buttons: bracketed and highlighted while it is the chosen one.
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"

export function ChoiceButton(props: { label: string; selected: boolean; onPress?: () => void }) {
  return (
    <box
      flexShrink={0}
      backgroundColor={props.selected ? theme.accent : theme.border}
      onMouseUp={() => props.onPress?.()}
    >
      <text fg={props.selected ? theme.panel : theme.text} attributes={TextAttributes.BOLD}>
        {props.selected ? `[ ${props.label} ]` : `  ${props.label}  `}
      </text>
    </box>
  )
}
