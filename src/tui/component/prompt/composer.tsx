// The prompt editor: multi-line text, history, big-paste marks, `/` commands, `@` paths, `$` skills, `!` shell,
// and the send/steer/follow-up/interrupt keys. It only reports intents through its props; text
// from outside comes by `context/composer-input.tsx`. Its parts: the draft and its edits
// (draft.ts), what Enter sends (sending.ts), the popup's keys (suggestion-keys.ts), the prompt's
// keys (prompt-keys.ts), text from outside (outside-text.ts).
import { createEffect, createMemo, on, onCleanup, Show } from "solid-js"
import { useTerminalDimensions } from "@opentui/solid"
import type { KeyEvent, PasteEvent, TextareaRenderable } from "@opentui/core"
import type { CompletionItem, QueueState, SkillInfo } from "../../../protocol"
import { useKeymap } from "../../keys/keymap"
import { theme } from "../../theme"
import { useOptionalDialog } from "../../context/dialog"
import type { PaletteEntry } from "../palette/palette-entry"
import { SuggestionList } from "../palette/suggestion-list"
import type { PromptImage } from "../../util/image-files"
import { createDraft } from "./draft"
import { PromptHistory } from "./history"
import { useOutsideText } from "./outside-text"
import { normalizePaste } from "./paste-marks"
import { createPromptKeys } from "./prompt-keys"
import { createSending, type SendHow } from "./sending"
import { createSuggestionKeys } from "./suggestion-keys"
import { createSuggestions } from "./suggestions"
import { WaitingRows } from "./waiting-rows"
import { useWindowRows } from "../../context/window-rows"
import type { ComposerMode } from "../../slots/types"

export type { SendHow } from "./sending"

export interface ComposerProps {
  cwd: string
  running: boolean
  /** A `!command` is running: Esc stops it as it stops a reply. */
  bashRunning?: boolean
  queue: QueueState
  commands: PaletteEntry[]
  /** The session's loaded skills: `$` at a word's start lists them. */
  skills?: readonly SkillInfo[]
  /**
   * False until the session's command list has come: what is sent before then waits, in order,
   * and is read against the list once it is there (as if it had been typed then).
   */
  commandsKnown?: boolean
  focused: boolean
  /** `images`: attached with Ctrl+V or a dropped image path. */
  onSend(text: string, how: SendHow, images?: PromptImage[]): void
  /** `excludeFromContext`: `!!command`, whose output the model does not see */
  onBash(command: string, excludeFromContext: boolean): void
  /** One of the window's commands, or a `/word` that names no command (which keeps its text). */
  onCommand(name: string, args: string): void
  onInterrupt(): void
  onDequeue(): Promise<string | undefined>
  /** Esc twice on an empty prompt with no reply running (rewind to an earlier message). */
  onRewind?(): void
  /** How close the two presses must be; default 1000 ms. */
  escTwiceMs?: number
  /** An image could not be attached (no clipboard tool, unreadable file). */
  onImageError?(message: string): void
  /** A feature's composer mode while it is on (plan's: the next message is a plan request). */
  mode?: ComposerMode
  /** Shift+Tab: turns the feature's mode on and off (absent while none is offered). */
  onToggleMode?: () => void
  /** Alt+letter while idle; true when the page used it (a feature's key, as the open plan card's actions). */
  onAltKey?: (name: string) => boolean
  /** The session's extensions' completions (absent while none offers any). */
  complete?: (text: string, cursor: number) => Promise<CompletionItem[]>
}

export function Composer(props: ComposerProps) {
  const dialog = useOptionalDialog()
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const keys = useKeymap()
  let alive = true
  onCleanup(() => (alive = false))
  const focused = () => props.focused && !dialog?.active()
  const draft = createDraft({
    cwd: () => props.cwd,
    alive: () => alive,
    focused,
    onImageError: (message) => props.onImageError?.(message),
  })
  const history = createMemo(() => new PromptHistory(props.cwd))
  const suggest = createSuggestions({
    text: draft.text,
    cursor: draft.cursor,
    cwd: () => props.cwd,
    commands: () => props.commands,
    skills: () => props.skills ?? [],
    complete: () => props.complete,
  })
  const sending = createSending(props, draft, history)
  const popupKeys = createSuggestionKeys(suggest, draft, sending)
  const promptKeys = createPromptKeys(props, keys, draft, history, sending, suggest.dismiss)
  useOutsideText(draft, suggest.dismiss)
  const bash = () => draft.text().startsWith("!")

  function onKeyDown(e: KeyEvent) {
    if (popupKeys.onKey(e)) return
    if (e.name === "tab" && e.shift && props.onToggleMode) {
      e.preventDefault()
      return props.onToggleMode?.()
    }
    // Alt+letter, so that typing a message never sets off a card's action.
    if (e.meta && !e.ctrl && !e.shift && !props.running && e.name.length === 1 && props.onAltKey?.(e.name))
      return e.preventDefault()
    promptKeys(e)
  }

  function onPaste(e: PasteEvent) {
    e.preventDefault()
    draft.insertPaste(normalizePaste(e.bytes))
  }

  // The hint stays on the editor's one line: a wrapped placeholder is cut at its first line.
  const placeholder = () => {
    const width = dims().width
    if (props.mode) return props.mode.placeholder(width)
    if (props.running) {
      if (width >= 72) return "Enter queues a follow-up · Alt+Enter steers · Esc stops"
      return width >= 32 ? "Enter queue · Esc stop" : "Esc stops"
    }
    if (width >= 72) return "Ask anything · / commands · @ files · ! shell"
    return width >= 30 ? "Ask anything (/ @ !)" : "Ask anything"
  }
  // OpenTUI 0.5.12's textarea draws a placeholder set after its buffer held text clipped to a stale
  // width ("… ! she" at 100 columns once a plan request was sent); cleared first, it is measured
  // afresh. (Applied after the prop: user effects run after the render effects that set it.)
  createEffect(
    on(
      placeholder,
      () => {
        const editor = draft.editor()
        if (!editor) return
        const now = editor.placeholder
        editor.placeholder = null
        editor.placeholder = now
      },
      { defer: true },
    ),
  )
  const borderColor = () => {
    if (!focused()) return theme.border
    if (bash()) return theme.success
    if (props.mode) return props.mode.color
    return props.running ? theme.warning : theme.borderActive
  }

  return (
    <box flexDirection="column" flexShrink={0}>
      <WaitingRows waiting={sending.waiting()} />
      <Show when={suggest.visible()}>
        <SuggestionList
          items={suggest.items()}
          selected={suggest.selected()}
          maxRows={Math.max(3, Math.min(8, Math.floor(windowRows() / 3)))}
          emptyText={suggest.emptyText()}
          onPick={(i) => {
            suggest.select(i)
            popupKeys.accept(i, "tab")
          }}
        />
      </Show>
      <box border borderStyle="rounded" borderColor={borderColor()} flexDirection="row" paddingX={1}>
        <text flexShrink={0} fg={bash() ? theme.success : (props.mode?.color ?? theme.accent)}>
          {bash() ? "! " : (props.mode?.prompt ?? "› ")}
        </text>
        <textarea
          ref={(r: TextareaRenderable) => draft.bind(r)}
          flexGrow={1}
          minHeight={1}
          maxHeight={Math.max(3, Math.min(10, Math.floor(windowRows() / 3)))}
          wrapMode="word"
          placeholder={placeholder()}
          placeholderColor={theme.dim}
          textColor={theme.text}
          focusedTextColor={theme.text}
          cursorColor={theme.accent}
          focused={focused()}
          onKeyDown={onKeyDown}
          keyBindings={keys.textareaBindings ?? []}
          onPaste={onPaste}
          onContentChange={draft.sync}
          onCursorChange={draft.syncCursor}
        />
      </box>
    </box>
  )
}
