// Pure view pieces of the dock, fed by props: a styled line, the tab strip, the sketch frame, the action row.
import { TextAttributes } from "@opentui/core"
import { For, Index, Show } from "solid-js"
import { theme } from "../../../../src/tui/theme"
import type { SketchView, TabCell } from "./frame"
import type { BodyLine, Seg } from "./layout"
import type { Action } from "./actions"
import { cellWidth } from "../../../../src/tui/util/wrap-text"

export function SegLine(props: {
  segs: Seg[]
  onMouseDown?: () => void
  onMouseOver?: () => void
  onMouseOut?: () => void
}) {
  return (
    <text
      wrapMode="none"
      onMouseDown={() => props.onMouseDown?.()}
      onMouseOver={() => props.onMouseOver?.()}
      onMouseOut={() => props.onMouseOut?.()}
    >
      <Index each={props.segs}>
        {(seg) => (
          <span
            style={{
              fg: seg().fg ?? theme.text,
              bg: seg().bg,
              attributes: seg().bold ? TextAttributes.BOLD : TextAttributes.NONE,
            }}
          >
            {seg().text}
          </span>
        )}
      </Index>
    </text>
  )
}

export function Tabs(props: { lines: TabCell[][]; active: number; onSelect: (tab: number) => void }) {
  return (
    <For each={props.lines}>
      {(line) => (
        <box flexDirection="row" height={1}>
          <For each={line}>
            {(cell, i) => (
              <box flexDirection="row" marginLeft={i() > 0 ? 1 : 0}>
                <SegLine
                  onMouseDown={() => props.onSelect(cell.tab)}
                  segs={[
                    {
                      text: cell.text,
                      fg: cell.tab === props.active ? theme.accent : cell.complete ? theme.text : theme.muted,
                      bg: cell.tab === props.active ? theme.selection : undefined,
                      bold: cell.tab === props.active,
                    },
                  ]}
                />
              </box>
            )}
          </For>
        </box>
      )}
    </For>
  )
}

/** A border-only frame around the sketch window; no caption, no markup. */
export function SketchFrame(props: { view: SketchView }) {
  const edge = () => "─".repeat(props.view.width)
  return (
    <box flexDirection="column">
      <SegLine segs={[{ text: `┌${edge()}┐`, fg: theme.border }]} />
      <Index each={props.view.rows}>
        {(row) => (
          <SegLine
            segs={[
              { text: "│", fg: theme.border },
              { text: row(), fg: theme.text },
              { text: "│", fg: theme.border },
            ]}
          />
        )}
      </Index>
      <SegLine segs={[{ text: `└${edge()}┘`, fg: theme.border }]} />
    </box>
  )
}

export function ActionRow(props: {
  label: string
  focused: boolean
  width: number
  status?: string
  onPress: () => void
}) {
  const button = () => `[ ${props.label} ]`
  const room = () => props.width - 2 - cellWidth(button()) - cellWidth(props.status ?? "")
  const fill = () => " ".repeat(Math.max(1, room()))
  // In a narrow dock the scroll position gives way rather than run into the button.
  const status = () => (room() >= 1 ? props.status : undefined)
  return (
    <box flexDirection="row" height={1}>
      <SegLine
        onMouseDown={props.onPress}
        segs={[
          { text: props.focused ? "› " : "  ", fg: theme.accent, bold: true },
          {
            text: button(),
            fg: props.focused ? theme.accent : theme.text,
            bg: props.focused ? theme.selection : undefined,
            bold: props.focused,
          },
        ]}
      />
      <Show when={status()}>
        <SegLine segs={[{ text: fill() + status(), fg: theme.dim }]} />
      </Show>
    </box>
  )
}

/** The body's visible lines: a click focuses a line's target, hovering a choice previews it. */
export function BodyLines(props: { lines: BodyLine[]; hover: number | undefined; dispatch: (action: Action) => void }) {
  return (
    <Index each={props.lines}>
      {(line) => (
        <SegLine
          segs={line().segs}
          onMouseDown={() => {
            const target = line().target
            if (target) props.dispatch({ type: "click", focus: target })
          }}
          onMouseOver={() => {
            const choice = line().choice
            if (choice !== undefined && choice !== props.hover) props.dispatch({ type: "hover", choice })
          }}
          onMouseOut={() => {
            if (props.hover !== undefined) props.dispatch({ type: "hover", choice: undefined })
          }}
        />
      )}
    </Index>
  )
}
