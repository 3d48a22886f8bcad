// An item as plain text, for the scrollback when its own row cannot be drawn (a component that
// throws off screen): its words still go up, never nothing.
import type { TranscriptItem } from "../../protocol"
import { itemMarkdown } from "../../common/transcript-markdown"
import { terminalText } from "../../common/terminal-text"
import { theme } from "../theme"

export function PlainItem(props: { item: TranscriptItem }) {
  return (
    <box flexShrink={0} marginTop={1} paddingLeft={2}>
      <text fg={theme.text}>{terminalText(itemMarkdown(props.item).join("\n").trim())}</text>
    </box>
  )
}
