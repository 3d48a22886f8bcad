// A full-window, filterable list (saved sessions, the branch tree): a title, a filter line, the
// rows around the selection (only those are mounted), and a hint line. Keys: ↑↓ PgUp PgDn Home
// End move, Enter chooses, Esc goes back; typing filters.
import { TextAttributes, type KeyEvent } from "@opentui/core"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createEffect, createMemo, createSignal, For, on, Show, type JSX } from "solid-js"
import { useOptionalDialog } from "../context/dialog"
import { theme } from "../theme"

export function PageList<T>(props: {
  title: string
  subtitle?: string
  items: readonly T[]
  loading?: boolean
  empty: string
  rowHeight: number
  /** Row to select when the items change (e.g. the current entry). */
  initial?: number
  hints: string
  onQuery: (query: string) => void
  onChoose: (item: T) => void
  onBack: () => void
  /** Page-specific keys; return true when handled. */
  onKey?: (e: KeyEvent, selected: T | undefined) => boolean
  children: (item: T, selected: () => boolean) => JSX.Element
}) {
  const dims = useTerminalDimensions()
  const dialog = useOptionalDialog()
  const [selected, setSelected] = createSignal(0)
  createEffect(
    on(
      () => props.items,
      () => setSelected(Math.max(0, Math.min(props.initial ?? 0, props.items.length - 1))),
    ),
  )

  const capacity = () => Math.max(1, Math.floor((dims().height - 5) / props.rowHeight))
  let top = 0
  const offset = createMemo(() => {
    const s = selected()
    const cap = capacity()
    if (s < top) top = s
    if (s >= top + cap) top = s - cap + 1
    top = Math.max(0, Math.min(top, props.items.length - cap))
    return top
  })
  const visible = () =>
    props.items.slice(offset(), offset() + capacity()).map((item, i) => ({ item, index: offset() + i }))

  const move = (delta: number) => {
    const n = props.items.length
    if (n) setSelected((s) => Math.max(0, Math.min(n - 1, s + delta)))
  }

  useKeyboard((e) => {
    if (dialog?.active() || e.defaultPrevented) return
    if (props.onKey?.(e, props.items[selected()])) return e.preventDefault()
    const k = e.name
    if (k === "up" || (k === "p" && e.ctrl)) move(-1)
    else if (k === "down" || (k === "n" && e.ctrl)) move(1)
    else if (k === "pageup") move(-capacity())
    else if (k === "pagedown") move(capacity())
    else if (k === "home" && e.ctrl) move(-props.items.length)
    else if (k === "end" && e.ctrl) move(props.items.length)
    else if (k === "return" || k === "kpenter") {
      const item = props.items[selected()]
      if (item !== undefined) props.onChoose(item)
    } else if (k === "escape") props.onBack()
    else return
    e.preventDefault()
  })

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.text }}>{props.title}</span>
        <span style={{ fg: theme.dim }}>{props.subtitle ? `  ${props.subtitle}` : ""}</span>
      </text>
      <box flexDirection="row" height={1} flexShrink={0} marginTop={1}>
        <text flexShrink={0} fg={theme.accent}>
          {"› "}
        </text>
        <input
          flexGrow={1}
          focused={!dialog?.active()}
          placeholder="Type to search"
          placeholderColor={theme.dim}
          textColor={theme.text}
          focusedTextColor={theme.text}
          onInput={(q: string) => props.onQuery(q)}
        />
      </box>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={props.items.length > 0}
          fallback={<text fg={theme.dim}>{props.loading ? "Loading…" : props.empty}</text>}
        >
          <For each={visible()}>
            {(row) => (
              <box
                flexDirection="column"
                height={props.rowHeight}
                flexShrink={0}
                backgroundColor={row.index === selected() ? theme.selection : undefined}
                onMouseDown={() => setSelected(row.index)}
                onMouseUp={() => props.onChoose(row.item)}
              >
                {props.children(row.item, () => row.index === selected())}
              </box>
            )}
          </For>
        </Show>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="none" truncate attributes={TextAttributes.NONE}>
        {`${props.items.length > capacity() ? `${selected() + 1}/${props.items.length} · ` : ""}${props.hints}`}
      </text>
    </box>
  )
}
