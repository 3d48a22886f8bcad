import { Show } from "solid-js"
import type { UserItem } from "../../../protocol"
import { terminalText } from "../../../protocol/terminal-text"
import { theme } from "../../theme"
import { plural } from "../../../util/plural"

export function UserMessage(props: { item: UserItem }) {
  return (
    <box
      flexDirection="column"
      flexShrink={0}
      marginTop={1}
      paddingLeft={1}
      border={["left"]}
      borderColor={theme.accent}
      backgroundColor={theme.panel}
    >
      <text fg={theme.user}>{terminalText(props.item.text)}</text>
      <Show when={props.item.images}>
        <text fg={theme.muted}>{`[${plural(props.item.images ?? 0, "image")}]`}</text>
      </Show>
    </box>
  )
}
