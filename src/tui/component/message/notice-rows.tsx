// Rows that are not conversation turns: host notices (retries, errors), compactions, branch
// summaries, extension messages, and the person's own `!command` runs.
import { Show } from "solid-js"
import type { BashItem, BranchSummaryItem, CompactionItem, CustomItem, NoticeItem } from "../../../protocol"
import { terminalText } from "../../../common/terminal-text"
import { theme, themed } from "../../theme"
import { formatTokens } from "../../util/format"
import { OutputText, ToolFrame } from "./tool-frame"

const levelColor = themed({ info: "info", warning: "warning", error: "error" })
const levelGlyph = { info: "ℹ", warning: "⚠", error: "✗" } as const

export function NoticeRow(props: { item: NoticeItem }) {
  return (
    <box flexShrink={0} marginTop={1} paddingLeft={2}>
      <text
        fg={levelColor[props.item.level]}
      >{`${levelGlyph[props.item.level]} ${terminalText(props.item.text)}`}</text>
    </box>
  )
}

/**
 * What a message sent with it to the model only (the files of its `@path`s, the skills of its
 * `$name`s): one line under it, the marker its projection made.
 */
export function MarkerRow(props: { item: CustomItem }) {
  return (
    <box flexShrink={0} paddingLeft={2}>
      <text fg={theme.muted}>{`⎿ ${terminalText(props.item.text)}`}</text>
    </box>
  )
}

export function SummaryRow(props: { item: CompactionItem | BranchSummaryItem; open: boolean; onToggle: () => void }) {
  const title = () => {
    if (props.item.kind === "branch_summary") return "Branch summary"
    const before = props.item.tokensBefore
    return before ? `Compacted ${formatTokens(before)} tokens` : "Compacted"
  }
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2} onMouseUp={() => props.onToggle()}>
      <text fg={theme.accentAlt}>{`${props.open ? "▾" : "▸"} ${title()}`}</text>
      <Show when={props.open}>
        <text fg={theme.muted}>{terminalText(props.item.summary)}</text>
      </Show>
    </box>
  )
}

export function CustomRow(props: { item: CustomItem }) {
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2}>
      <text fg={theme.dim}>{`[${terminalText(props.item.customType)}]`}</text>
      <text fg={theme.text}>{terminalText(props.item.text)}</text>
    </box>
  )
}

/** A command that names /tmp: in the sandbox that is its own, gone when the command ends. */
const NAMES_TMP = /(^|[\s'"=:<>(])\/tmp(\/|\s|$|['")])/

/** Where a `!` command ran: outside the sandbox (`!outside`), or in it (its /tmp is private). */
function where(item: BashItem): string {
  if (item.outside) return " · outside the sandbox"
  if (!item.sandboxed) return ""
  return NAMES_TMP.test(item.command) ? " · sandboxed: its /tmp is private" : " · sandboxed"
}

export function BashRunRow(props: { item: BashItem; open: boolean; onToggle: () => void }) {
  const status = () => {
    if (props.item.status === "running") return "running" as const
    return props.item.exitCode && props.item.exitCode !== 0 ? ("error" as const) : ("done" as const)
  }
  const meta = () => {
    const quiet = (props.item.excludeFromContext ? " · not in context" : "") + where(props.item)
    if (props.item.cancelled) return `cancelled${quiet}`
    if (props.item.exitCode === undefined) return quiet.slice(3)
    return `exit ${props.item.exitCode}${props.item.truncated ? " (truncated)" : ""}${quiet}`
  }
  return (
    <ToolFrame
      status={status()}
      glyph={props.item.cancelled ? "⏹" : undefined}
      name={props.item.excludeFromContext ? "!!" : "!"}
      summary={props.item.command}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <Show when={props.item.output.trim()}>
        <OutputText
          text={props.item.output}
          max={props.open ? 400 : 6}
          color={status() === "error" ? theme.error : theme.muted}
        />
      </Show>
    </ToolFrame>
  )
}
