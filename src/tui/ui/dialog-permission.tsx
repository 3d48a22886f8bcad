// A gated tool call waiting for the person: what it would do (an edit's or write's change as a
// diff, cut to the rows there are and scrolled with PgUp/PgDn), then Yes, "Yes, and don't ask
// again this session" for that tool, or No. Digits pick a choice at once, as y and n do; Esc is no.
import { createMemo, createSignal, For, Show } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { TextAttributes } from "@opentui/core"
import { changePreview, type PreviewLine } from "../../common/change-preview"
import { type PermissionChoice } from "../../common/permission"
import { terminalText } from "../../common/terminal-text"
import { theme } from "../theme"
import { useDialogFrame } from "../context/dialog"
import { useWindowRows } from "../context/window-rows"

export interface DialogPermissionProps {
  /** One line naming the call: `edit: src/app.ts`. */
  title: string
  toolName: string
  input: unknown
  /** A subagent's call (UiRequest.from): named above the question. */
  from?: string
  onAnswer(choice: PermissionChoice | undefined): void
}

/** Rows the dialog's other parts take: borders, title, blank rows, three choices, the key line. */
const CHROME_ROWS = 11

function styleOf(op: PreviewLine["op"]) {
  if (op === "+") return { fg: theme.diffAdd, bg: theme.diffAddBg }
  if (op === "-") return { fg: theme.diffRemove, bg: theme.diffRemoveBg }
  if (op === "@") return { fg: theme.info, bg: undefined }
  return { fg: theme.diffContext, bg: undefined }
}

export function DialogPermission(props: DialogPermissionProps) {
  const frame = useDialogFrame()
  frame?.onCancel(() => props.onAnswer(undefined))
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const tool = () => terminalText(props.toolName)
  const choices = (): { label: string; value: PermissionChoice }[] => [
    { label: "Yes", value: "allow_once" },
    { label: `Yes, and don't ask again this session for ${tool()}`, value: "allow_always" },
    { label: "No", value: "reject_once" },
  ]
  const [selected, setSelected] = createSignal(0)
  const preview = createMemo(() =>
    (changePreview(props.toolName, props.input) ?? []).map((l) => ({ op: l.op, text: terminalText(l.text) })),
  )
  const rows = () => Math.max(3, Math.min(24, windowRows() - CHROME_ROWS - (props.from ? 1 : 0)))
  const [top, setTop] = createSignal(0)
  const maxTop = () => Math.max(0, preview().length - rows())
  const shown = () => preview().slice(top(), top() + rows())
  const scroll = (delta: number) => setTop((t) => Math.max(0, Math.min(maxTop(), t + delta)))

  const answer = (choice: PermissionChoice | undefined) => {
    props.onAnswer(choice)
    frame?.dismiss()
  }

  useKeyboard((key) => {
    if (key.ctrl || key.meta) return
    const k = key.name
    const n = choices().length
    if (k === "up") setSelected((s) => (s + n - 1) % n)
    else if (k === "down" || k === "tab") setSelected((s) => (s + 1) % n)
    else if (k === "pageup") scroll(-rows())
    else if (k === "pagedown") scroll(rows())
    else if (k === "return" || k === "kpenter") answer(choices()[selected()]!.value)
    else if (k === "y") answer("allow_once")
    else if (k === "n") answer("reject_once")
    else if (k >= "1" && k <= String(n) && k.length === 1) answer(choices()[Number(k) - 1]!.value)
    else if (k === "escape" && !frame) answer(undefined)
    else return
    key.preventDefault()
  })

  return (
    <box flexDirection="column">
      <Show when={props.from}>
        <text fg={theme.accent} wrapMode="word">{`Subagent ${terminalText(props.from!)} asks:`}</text>
      </Show>
      <text fg={theme.text} attributes={TextAttributes.BOLD} wrapMode="word">
        {`Allow ${terminalText(props.title)}?`}
      </text>
      <Show when={preview().length > 0}>
        <box flexDirection="column" marginTop={1} flexShrink={0}>
          <For each={shown()}>
            {(line) => (
              <text wrapMode="none" fg={styleOf(line.op).fg} bg={styleOf(line.op).bg}>
                {`${line.op === "@" ? "@@" : line.op} ${line.text}`}
              </text>
            )}
          </For>
          <Show when={maxTop() > 0}>
            <text wrapMode="none" truncate fg={theme.dim}>
              {`lines ${top() + 1}-${top() + shown().length} of ${preview().length}` +
                (top() + rows() < preview().length ? ` · ${preview().length - top() - rows()} more` : "") +
                " · PgUp/PgDn scroll"}
            </text>
          </Show>
        </box>
      </Show>
      <box flexDirection="column" marginTop={1}>
        <For each={choices()}>
          {(c, i) => (
            <box
              flexDirection="row"
              backgroundColor={i() === selected() ? theme.selection : undefined}
              onMouseOver={() => setSelected(i())}
              onMouseUp={() => answer(c.value)}
            >
              <text flexShrink={0} fg={theme.accent}>
                {i() === selected() ? "› " : "  "}
              </text>
              <text wrapMode="word" fg={theme.text}>{`${i() + 1}. ${c.label}`}</text>
            </box>
          )}
        </For>
      </box>
      <text wrapMode="none" truncate fg={theme.dim} marginTop={1}>
        {dims().width >= 60 ? "1-3 or y/n · ↑↓ move · Enter choose · Esc no" : "1-3 · y/n · Enter · Esc"}
      </text>
    </box>
  )
}
