// Pick one of many: optional fuzzy filter, arrows/pages, Enter or a click to choose.
import { createEffect, createMemo, createSignal, For, on, Show } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"
import { fuzzyFilter } from "../util/fuzzy"
import { oneLine } from "../util/format"
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
  /** The value selected first when none is current (a list opened again where it was left). */
  start?: string
  /** Lines between the title and the list: what the choice is about. */
  intro?: string[]
  onSelect(value: string): void
  onCancel(): void
  /** Tab: another view of the list (Pi's model picker: the scoped models, or all). */
  onTab?(): void
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
      filtered().findIndex((o) => o.value === (props.current ?? props.start)),
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
  // Labels in one column, so descriptions line up; a description gives way (cut with "…") before
  // a label or a value does, and never runs into the value.
  const labelWidth = createMemo(() =>
    Math.min(Math.max(0, ...filtered().map((o) => o.label.length)), Math.floor(dims().width * 0.45)),
  )
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
    else if (k === "tab" && props.onTab && !key.shift) props.onTab()
    else return
    key.preventDefault()
  })

  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {props.title}
      </text>
      <For each={props.intro ?? []}>
        {(line) => (
          <text flexShrink={0} fg={theme.muted} wrapMode="word">
            {line}
          </text>
        )}
      </For>
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
              // Until the row is laid out the description is drawn whole (clipped at the row's end).
              const [room, setRoom] = createSignal(Infinity)
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
                  <text
                    wrapMode="none"
                    flexShrink={0}
                    minWidth={props.options.some((o) => o.description) ? labelWidth() : undefined}
                    maxWidth="65%"
                    fg={isCurrent() ? theme.accent : theme.text}
                  >
                    {row.option.label}
                  </text>
                  <box
                    flexGrow={1}
                    flexShrink={1}
                    minWidth={0}
                    paddingLeft={row.option.description ? 2 : 0}
                    onSizeChange={function (this: { width: number }) {
                      setRoom(this.width - (row.option.description ? 2 : 0))
                    }}
                  >
                    <text wrapMode="none" fg={theme.muted}>
                      {room() > 1 ? oneLine(row.option.description ?? "", room()) : ""}
                    </text>
                  </box>
                  <Show when={footer()}>
                    <text wrapMode="none" flexShrink={0} fg={isCurrent() ? theme.accent : theme.dim}>
                      {"  " + footer()}
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
