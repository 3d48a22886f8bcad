import { Show } from "solid-js"
import type { UserItem } from "../../../protocol"
import { parseSkillBlock, type SkillBlock } from "../../../common/skill-block"
import { useKeymap } from "../../keys/keymap"
import { terminalText } from "../../../common/terminal-text"
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

/** A `/skill:name` message: `[skill] name`, the skill's file behind the expand key (as Pi shows it). */
function SkillRow(props: { skill: SkillBlock; open: boolean; onToggle: () => void }) {
  const keys = useKeymap()
  const hint = () => {
    const key = keys.keysOf("app.tools.expand")[0]
    return key ? ` (${key} to expand)` : ""
  }
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2} onMouseUp={() => props.onToggle()}>
      <text>
        <span style={{ fg: theme.accentAlt, bold: true }}>[skill]</span>
        <span style={{ fg: theme.text }}>{` ${terminalText(props.skill.name)}`}</span>
        <Show when={!props.open}>
          <span style={{ fg: theme.dim }}>{hint()}</span>
        </Show>
      </text>
      <Show when={props.open}>
        <text fg={theme.muted}>{terminalText(props.skill.content)}</text>
      </Show>
    </box>
  )
}

export function UserMessage(props: { item: UserItem; open: boolean; onToggle: () => void; clickable?: boolean }) {
  const skill = () => parseSkillBlock(props.item.text)
  return (
    <Show when={skill()} fallback={<UserText {...props} text={props.item.text} />}>
      {(s: () => SkillBlock) => (
        <>
          <SkillRow skill={s()} open={props.open} onToggle={props.onToggle} />
          <Show when={s().userMessage}>{(typed: () => string) => <UserText {...props} text={typed()} />}</Show>
        </>
      )}
    </Show>
  )
}

function UserText(props: { item: UserItem; text: string; open: boolean; onToggle: () => void; clickable?: boolean }) {
  const folded = () => {
    const text = terminalText(props.text)
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
