// Rows an extension drew itself (a tool's renderCall/renderResult, a message renderer), in the
// item's place; and the plain row of a tool that has none of its own looks.
import { Show } from "solid-js"
import type { RenderedRows } from "../../../protocol"
import { ComponentRows } from "../extension-component"
import { GenericToolRow, type ToolRowProps } from "./tool-rows"

/** An item its extension draws itself; a click expands it. A tool's rows stand apart as the window's own tool rows do. */
export function ExtensionRows(props: { rows: RenderedRows; open: boolean; onToggle?: () => void; tool?: boolean }) {
  return (
    <box paddingX={2} flexShrink={0} marginTop={props.tool ? 1 : 0} onMouseDown={() => props.onToggle?.()}>
      <ComponentRows lines={props.open && props.rows.expandedLines ? props.rows.expandedLines : props.rows.lines} />
    </box>
  )
}

/** A tool with no row of the window's: its extension's rows when it draws its own, else name and arguments. */
export function PlainToolRow(props: ToolRowProps) {
  return (
    <Show when={props.item.rendered} fallback={<GenericToolRow {...props} />}>
      {(rows: () => RenderedRows) => <ExtensionRows rows={rows()} open={props.open} onToggle={props.onToggle} tool />}
    </Show>
  )
}
