// What a Pi component of an extension rendered (in the session host), drawn row by row: the SGR
// colours and styles of each row as OpenTUI spans. Pure: fed the rows, knows nothing of keys.
import { TextAttributes } from "@opentui/core"
import { createMemo, Index, Show } from "solid-js"
import { sgrSpans, type SgrSpan } from "../util/sgr-spans"
import { theme } from "../theme"

function attributes(s: SgrSpan): number {
  let a = TextAttributes.NONE
  if (s.bold) a |= TextAttributes.BOLD
  if (s.dim) a |= TextAttributes.DIM
  if (s.italic) a |= TextAttributes.ITALIC
  if (s.underline) a |= TextAttributes.UNDERLINE
  if (s.inverse) a |= TextAttributes.INVERSE
  if (s.strike) a |= TextAttributes.STRIKETHROUGH
  return a
}

function Row(props: { line: string }) {
  const spans = createMemo(() => sgrSpans(props.line))
  return (
    // Rows wider than the window (rendered for a wider one) are cut at its edge, as a terminal would.
    <text wrapMode="none" flexShrink={0}>
      <Index each={spans()}>
        {(s) => <span style={{ fg: s().fg ?? theme.text, bg: s().bg, attributes: attributes(s()) }}>{s().text}</span>}
      </Index>
    </text>
  )
}

export function ComponentRows(props: {
  lines: readonly string[]
  /** At most this many rows are drawn (the first ones). */
  maxRows?: number
  /** A line under the rows (another window has the component's keys). */
  note?: string
}) {
  const shown = () => (props.maxRows === undefined ? props.lines : props.lines.slice(0, Math.max(0, props.maxRows)))
  return (
    <box flexDirection="column" flexShrink={0}>
      <Index each={shown()}>{(line) => <Row line={line()} />}</Index>
      <Show when={props.note}>
        <text fg={theme.muted} wrapMode="none" truncate>
          {props.note}
        </text>
      </Show>
    </box>
  )
}
