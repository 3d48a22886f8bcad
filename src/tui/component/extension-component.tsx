// What a Pi component of an extension rendered (in the session host), drawn row by row: the SGR
// colours and styles of each row as OpenTUI spans. Pure: fed the rows, knows nothing of keys.
import { createMemo, For, Index, Show } from "solid-js"
import { sgrSpans, type SgrSpan } from "../util/sgr-spans"
import { theme } from "../theme"

// OpenTUI takes a span's styles as flags in `style`, and only ever adds them to a span node: a
// row that changes gets new span nodes (For over fresh spans), never a restyled old one.
export const spanStyle = (s: SgrSpan) => ({
  fg: s.fg ?? theme.text,
  bg: s.bg,
  bold: s.bold,
  dim: s.dim,
  italic: s.italic,
  underline: s.underline,
  inverse: s.inverse,
  strikethrough: s.strike,
})

function Row(props: { line: string }) {
  const spans = createMemo(() => sgrSpans(props.line))
  return (
    // Rows wider than the window (rendered for a wider one) are cut at its edge, as a terminal would.
    <text wrapMode="none" flexShrink={0}>
      <For each={spans()}>{(s) => <span style={spanStyle(s)}>{s.text}</span>}</For>
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
