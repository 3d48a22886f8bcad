import { Show } from "solid-js"
import type { UserItem } from "../../../protocol"
import { terminalText } from "../../../protocol/terminal-text"
import { theme } from "../../theme"
import { plural } from "../../../util/plural"
import { clip } from "./tool-frame"

// A long message (a big paste, sent) is folded to its first lines, as the prompt folds a paste to
// a mark: 500 lines of log would otherwise push the whole conversation off the screen.
const FOLD_OVER_LINES = 10
const SHOWN_LINES = 6
const FOLD_OVER_CHARS = 2000
const SHOWN_CHARS = 600

/**
 * What a folded message shows, and the hint for what it leaves out (none: shown whole). A click
 * is offered only where one reaches the row: not with the mouse off (inline's default), nor in
 * the scrollback.
 */
export function foldUserText(text: string, clickable = false): { text: string; hint?: string } {
  const how = clickable ? "(ctrl+o or click)" : "(ctrl+o)"
  const { text: head, hidden } = clip(text, FOLD_OVER_LINES)
  if (hidden > 0) {
    const shown = clip(text, SHOWN_LINES, "start")
    return { text: shown.text, hint: `… ${plural(shown.hidden, "more line")} ${how}` }
  }
  if (head.length > FOLD_OVER_CHARS)
    return {
      text: head.slice(0, SHOWN_CHARS),
      hint: `… ${plural(head.length - SHOWN_CHARS, "more character")} ${how}`,
    }
  return { text }
}

export function UserMessage(props: { item: UserItem; open: boolean; onToggle: () => void; clickable?: boolean }) {
  const folded = () => {
    const text = terminalText(props.item.text)
    return props.open ? { text } : foldUserText(text, props.clickable)
  }
  return (
    <box
      flexDirection="column"
      flexShrink={0}
      marginTop={1}
      paddingLeft={1}
      border={["left"]}
      borderColor={theme.accent}
      backgroundColor={theme.userBg}
      onMouseUp={() => props.onToggle()}
    >
      <text fg={theme.user}>{folded().text}</text>
      <Show when={folded().hint}>
        <text fg={theme.dim}>{folded().hint}</text>
      </Show>
      <Show when={props.item.images}>
        <text fg={theme.muted}>{`[${plural(props.item.images ?? 0, "image")}]`}</text>
      </Show>
    </box>
  )
}
