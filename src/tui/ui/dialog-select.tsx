// Pick one of many: optional fuzzy filter, arrows/pages, Enter or a click to choose.
import { createEffect, createMemo, createSignal, For, on, Show } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"
import { fuzzyFilter } from "../util/fuzzy"
import { useWindowRows } from "../context/window-rows"

export interface DialogSelectOption {
  label: string
  value: string
  description?: string
  /** Right-aligned and dim (a shortcut, an age, "current"). */
  footer?: string
}

export interface DialogSelectProps {
  title: string
  options: DialogSelectOption[]
  filterable?: boolean
  /** The value marked as current and selected first. */
  current?: string
  onSelect(value: string): void
  onCancel(): void
}

export function DialogSelect(props: DialogSelectProps) {
  const frame = useDialogFrame()
  frame?.onCancel(() => props.onCancel())
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const [query, setQuery] = createSignal("")
  const filtered = createMemo(() => {
    const q = query().trim()
    // Read once: an inline options array is rebuilt on every read, and includes() below needs one.
    const options = props.options
    const named = fuzzyFilter(options, q, (o) => [o.label])
    const lower = q.toLowerCase()
    const described = options.filter((o) => !named.includes(o) && o.description?.toLowerCase().includes(lower))
    return [...named, ...described]
  })
  const initial = () =>
    Math.max(
      0,
      filtered().findIndex((o) => o.value === props.current),
    )
  const [selected, setSelected] = createSignal(initial())
  createEffect(on(filtered, () => setSelected(initial()), { defer: true }))

  const rows = () => Math.max(3, Math.min(12, windowRows() - 10))
  let top = 0
  const offset = createMemo(() => {
    const s = selected()
    if (s < top) top = s
    if (s >= top + rows()) top = s - rows() + 1
    top = Math.max(0, Math.min(top, filtered().length - rows()))
    return top
  })
  const visible = () =>
    filtered()
      .slice(offset(), offset() + rows())
      .map((option, i) => ({ option, index: offset() + i }))

  const move = (delta: number, wrap: boolean) => {
    const n = filtered().length
    if (!n) return
    const next = selected() + delta
    setSelected(wrap ? (next + n) % n : Math.max(0, Math.min(n - 1, next)))
  }
  const choose = (index: number) => {
    const option = filtered()[index]
    if (!option) return
    props.onSelect(option.value)
    frame?.dismiss()
  }

  useKeyboard((key) => {
    const k = key.name
    if (k === "up" || (k === "p" && key.ctrl)) move(-1, true)
    else if (k === "down" || (k === "n" && key.ctrl)) move(1, true)
    else if (k === "pageup") move(-rows(), false)
    else if (k === "pagedown") move(rows(), false)
    else if (k === "return" || k === "kpenter") choose(selected())
    else if (k === "escape" && !frame) props.onCancel()
    else return
    key.preventDefault()
  })

  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {props.title}
      </text>
      <Show when={props.filterable}>
        <box flexDirection="row" height={1}>
          <text flexShrink={0} fg={theme.dim}>
            {"› "}
          </text>
          <input
            flexGrow={1}
            focused
            placeholder="Type to filter"
            placeholderColor={theme.dim}
            textColor={theme.text}
            focusedTextColor={theme.text}
            backgroundColor={theme.panel}
            focusedBackgroundColor={theme.panel}
            onInput={setQuery}
          />
        </box>
      </Show>
      <box flexDirection="column" marginTop={1}>
        <Show when={filtered().length > 0} fallback={<text fg={theme.dim}>No matches</text>}>
          <For each={visible()}>
            {(row) => {
              const isSelected = () => row.index === selected()
              const isCurrent = () => row.option.value === props.current
              // The current entry says so in words: the cursor starts there, but moves.
              const footer = () => row.option.footer ?? (isCurrent() ? "current" : undefined)
              return (
                <box
                  flexDirection="row"
                  height={1}
                  backgroundColor={isSelected() ? theme.selection : undefined}
                  onMouseOver={() => setSelected(row.index)}
                  onMouseUp={() => choose(row.index)}
                >
                  <text flexShrink={0} fg={theme.accent}>
                    {isSelected() ? "› " : isCurrent() ? "• " : "  "}
                  </text>
                  <text wrapMode="none" flexShrink={0} maxWidth="65%" fg={isCurrent() ? theme.accent : theme.text}>
                    {row.option.label}
                  </text>
                  <text wrapMode="none" flexGrow={1} flexShrink={1} fg={theme.muted}>
                    {row.option.description ? "  " + row.option.description : ""}
                  </text>
                  <Show when={footer()}>
                    <text wrapMode="none" flexShrink={0} fg={isCurrent() ? theme.accent : theme.dim}>
                      {" " + footer()}
                    </text>
                  </Show>
                </box>
              )
            }}
          </For>
        </Show>
      </box>
      <text wrapMode="none" truncate fg={theme.dim} marginTop={1}>
        {(filtered().length > rows() ? `${selected() + 1}/${filtered().length} · ` : "") +
          (dims().width >= 60 ? "↑↓ move · Enter choose · Esc cancel" : "↑↓ · Enter · Esc")}
      </text>
    </box>
  )
}
