// The prompt editor: multi-line text, history, big-paste marks, `/` commands, `@` paths, `!` shell,
// and the send/steer/follow-up/interrupt keys. It only reports intents through its props.
import { createEffect, createMemo, createSignal, For, on, onCleanup, Show } from "solid-js"
import { useTerminalDimensions } from "@opentui/solid"
import type { KeyEvent, PasteEvent, TextareaRenderable } from "@opentui/core"
import type { CompletionItem, QueueState } from "../../../protocol"
import type { EditorFill } from "../../context/session-store"
import { eventKeyId, useKeymap } from "../../keymap"
import { theme } from "../../theme"
import { useOptionalDialog } from "../../context/dialog"
import type { PaletteEntry } from "../palette/palette-entry"
import { SuggestionList } from "../palette/suggestion-list"
import { readClipboardImage } from "../../util/clipboard-image"
import { droppedImagePath, readImageFile, type PromptImage } from "../../util/image-files"
import { PromptHistory } from "./history"
import { ImageMarks } from "./image-marks"
import { normalizePaste, PasteMarks, shouldCollapse } from "./paste-marks"
import { createSuggestions } from "./suggestions"
import { readSubmission } from "./submission"
import { useWindowRows } from "../../context/window-rows"
import type { ComposerMode } from "../../slots/types"

export type SendHow = "prompt" | "steer" | "followUp"

export interface ComposerProps {
  cwd: string
  running: boolean
  /** A `!command` is running: Esc stops it as it stops a reply. */
  bashRunning?: boolean
  queue: QueueState
  commands: PaletteEntry[]
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
  /** Texts an extension puts in the prompt (`set` replaces the draft, `paste` inserts as a paste). */
  fills?: (listener: (fill: EditorFill) => void) => () => void
  /** The session's extensions' completions (absent while none offers any). */
  complete?: (text: string, cursor: number) => Promise<CompletionItem[]>
}

/** Texts longer than this come back from history as a paste mark rather than editor text. */
const RECALL_AS_MARK_CHARS = 100_000
const segmenter = new Intl.Segmenter()
const graphemes = (s: string) => (s ? [...segmenter.segment(s)].length : 0)

/** Printable ASCII and newlines: one display column (a newline one offset) per character. */
const ONE_COLUMN_EACH = /^[\x20-\x7e\n]*$/

/**
 * The cursor as a string index into `text` (the editor counts offsets in display columns; the
 * popups work on string indices): the offset itself where every character is one column, else
 * the length of the text before it, as the editor has it.
 */
function cursorIndex(editor: TextareaRenderable, text: string): number {
  const offset = editor.cursorOffset
  return ONE_COLUMN_EACH.test(text) ? Math.min(offset, text.length) : editor.getTextRange(0, offset).length
}

export function Composer(props: ComposerProps) {
  const dialog = useOptionalDialog()
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const keys = useKeymap()
  let editor: TextareaRenderable | undefined
  const [text, setText] = createSignal("")
  const [cursor, setCursor] = createSignal(0)
  const pastes = new PasteMarks()
  const images = new ImageMarks()
  const history = createMemo(() => new PromptHistory(props.cwd))
  const suggest = createSuggestions({
    text,
    cursor,
    cwd: () => props.cwd,
    commands: () => props.commands,
    complete: () => props.complete,
  })
  let alive = true
  onCleanup(() => (alive = false))
  let escArmedUntil = 0

  const focused = () => props.focused && !dialog?.active()
  const bash = () => text().startsWith("!")
  // Each read of the editor's text fills a fresh 1 MB buffer (OpenTUI's EditBuffer), and a typed
  // character fires both a content and a cursor change: four such reads per key delayed its echo.
  // Now the text is read once per content change, and the cursor only moves over what was read.
  let shown = ""
  const syncCursor = () => {
    if (!editor) return
    setCursor(cursorIndex(editor, shown))
  }
  const sync = () => {
    if (!editor) return
    shown = editor.plainText
    setText(shown)
    syncCursor()
  }

  function replaceEditor(value: string) {
    if (!editor) return
    pastes.clear(editor)
    images.clear(editor)
    if (value.length > RECALL_AS_MARK_CHARS) {
      editor.setText("")
      pastes.insert(editor, value)
    } else editor.setText(value)
    editor.gotoBufferEnd()
    sync()
  }

  /**
   * Replaces `start..end` of the plain text (string indices around the cursor) by deleting
   * graphemes on each side of the cursor, so wide characters need no offset arithmetic.
   */
  function replaceRange(start: number, end: number, insert: string) {
    if (!editor) return
    const value = editor.plainText
    const at = cursor()
    for (let n = graphemes(value.slice(start, at)); n > 0; n--) editor.deleteCharBackward()
    for (let n = graphemes(value.slice(at, end)); n > 0; n--) editor.deleteChar()
    editor.insertText(insert)
    sync()
  }

  /** Sent before the session's command list came: each waits, in order, for it. */
  const [early, setEarly] = createSignal<{ text: string; steer: boolean; images: PromptImage[] }[]>([])
  const commandsKnown = () => props.commandsKnown !== false

  /**
   * What sending `full` (the text with pastes expanded) does; undefined when there is nothing to
   * send, `keep` for a `/word` that names no command: said, and left in the composer to be corrected.
   */
  function plan(full: string, how: SendHow, images: PromptImage[]): (() => void) | "keep" | undefined {
    // With images it is a prompt, whatever the text looks like (it may be empty).
    if (images.length) return () => props.onSend(full.replace(/^\s*\n/, "").trimEnd(), how, images)
    const s = readSubmission(full, props.commands)
    if (!s) return undefined
    if (s.kind === "bash") return () => props.onBash(s.command, s.quiet)
    if (s.kind === "send") return () => props.onSend(s.text, how)
    if (s.kind === "builtin") return () => props.onCommand(s.name, s.args)
    props.onCommand(s.name, s.args)
    return "keep"
  }

  function submit(how: SendHow, expanded = editor ? pastes.expand(editor) : "") {
    const attached = editor ? images.take(editor, expanded) : { text: expanded, images: [] }
    const full = attached.text
    if (!commandsKnown()) {
      if (!attached.images.length && !readSubmission(full, [])) return
      history().append(full.trimEnd())
      replaceEditor("")
      setEarly((e) => [...e, { text: full, steer: how === "steer", images: attached.images }])
      return
    }
    const action = plan(full, how, attached.images)
    if (!action || action === "keep") return
    history().append(full.trimEnd())
    replaceEditor("")
    action()
  }

  // Once the list is there, what waited goes in the order it was sent; a `/word` that turned out to
  // name nothing is said and comes back into the composer.
  createEffect(
    on(commandsKnown, (known) => {
      if (!known || !early().length) return
      const waited = early()
      setEarly([])
      const back: string[] = []
      for (const e of waited) {
        const action = plan(e.text, modeFor(e.steer), e.images)
        if (action === "keep") back.push(e.text.trimEnd())
        else action?.()
      }
      if (!back.length || !editor || editor.isDestroyed) return
      if (!editor.plainText) return replaceEditor(back.join("\n"))
      editor.cursorOffset = 0
      editor.insertText(back.join("\n") + "\n")
      sync()
    }),
  )

  function accept(index: number, key: "tab" | "enter") {
    const t = suggest.trigger()
    const item = suggest.items()[index]
    if (item?.kind === "extension") {
      replaceRange(item.edit.start, item.edit.end, item.edit.insert)
      return suggest.dismiss()
    }
    if (!t || !item || !editor) return
    if (item.kind === "file") {
      replaceRange(t.start, t.end, "@" + item.path + (item.path.endsWith("/") ? "" : " "))
      return
    }
    if (key === "tab") {
      replaceRange(0, t.end, `/${item.entry.name} `)
      return
    }
    const args = pastes.expand(editor).slice(t.end).trim()
    submit(modeFor(false), `/${item.entry.name}${args ? " " + args : ""}`)
  }

  const modeFor = (steer: boolean): SendHow => (props.running ? (steer ? "steer" : "followUp") : "prompt")

  function onFirstLine() {
    return !!editor && editor.editorView.getVisualSOL().offset === 0
  }

  function onLastLine() {
    return !!editor && editor.editorView.getVisualEOL().offset >= editor.plainText.length
  }

  function recall(value: string | undefined) {
    if (value === undefined) return
    replaceEditor(value)
    suggest.dismiss()
  }

  function dequeue() {
    if (!props.queue.steering.length && !props.queue.followUp.length) return
    props.onDequeue().then((queued) => {
      if (!queued || !alive || !editor || editor.isDestroyed) return
      if (!editor.plainText) return replaceEditor(queued)
      editor.cursorOffset = 0
      editor.insertText(queued + "\n")
      sync()
    })
  }

  function onKeyDown(e: KeyEvent) {
    const k = e.name
    const mods = e.ctrl || e.meta || e.shift || !!e.super
    const consume = (fn: () => void) => {
      e.preventDefault()
      fn()
    }
    if (suggest.items().length > 0) {
      if ((k === "up" && !mods) || (k === "p" && e.ctrl)) return consume(() => suggest.move(-1))
      if ((k === "down" && !mods) || (k === "n" && e.ctrl)) return consume(() => suggest.move(1))
      if (k === "tab" && !mods) return consume(() => accept(suggest.selected(), "tab"))
      // Enter runs the highlighted command only when the person picked it; a word as typed runs
      // only if it is a command's exact name (a near match, /context for /compact, is refused).
      if ((k === "return" || k === "kpenter") && !mods)
        return consume(() =>
          suggest.trigger()?.kind === "command" && !suggest.chosen()
            ? submit(modeFor(false))
            : accept(suggest.selected(), "enter"),
        )
    }
    if (k === "escape" && suggest.visible()) return consume(() => suggest.dismiss())
    if (k === "tab" && e.shift && props.onToggleMode) return consume(() => props.onToggleMode?.())
    // Alt+letter, so that typing a message never sets off a card's action.
    if (e.meta && !e.ctrl && !e.shift && !props.running && k.length === 1 && props.onAltKey?.(k))
      return e.preventDefault()
    if (keys.matches("tui.input.newLine", e)) return consume(() => editor?.newLine())
    if (keys.matches("tui.input.submit", e)) {
      // `\` then Enter: a newline, as in a shell (and Claude Code), for terminals without Shift+Enter.
      if (editor && editor.getTextRange(0, editor.cursorOffset).endsWith("\\"))
        return consume(() => (editor!.deleteCharBackward(), editor!.newLine()))
      return consume(() => submit(modeFor(false)))
    }
    // Alt+Enter, Ctrl+Enter: xagent's steer (Pi's Alt+Enter queues; xagent's Enter does that).
    if ((k === "return" || k === "kpenter") && (e.meta || e.ctrl || !!e.super))
      return consume(() => submit(modeFor(true)))
    if (keys.matches("app.clipboard.pasteImage", e)) return consume(() => void pasteClipboardImage())
    if (keys.matches("app.message.dequeue", e)) return consume(dequeue)
    if (keys.matches("tui.editor.historyPrevious", e))
      return consume(() => recall(history().prev(editor?.plainText ?? "")))
    if (keys.matches("tui.editor.historyNext", e)) return consume(() => recall(history().next()))
    if (keys.matches("tui.editor.cursorUp", e) && onFirstLine())
      return consume(() => recall(history().prev(editor?.plainText ?? "")))
    if (keys.matches("tui.editor.cursorDown", e) && onLastLine()) return consume(() => recall(history().next()))
    if (keys.matches("app.interrupt", e) && (props.running || props.bashRunning))
      return consume(() => props.onInterrupt())
    // Two quick presses can arrive as one read, which parses as Alt+Esc.
    const twice = k === "escape" && e.meta && e.sequence === "\x1b\x1b"
    if (k === "escape" && (!mods || twice) && props.onRewind && !editor?.plainText) {
      const now = Date.now()
      if (twice) return consume(() => props.onRewind?.())
      if (now >= escArmedUntil) return consume(() => (escArmedUntil = now + (props.escTwiceMs ?? 1000)))
      escArmedUntil = 0
      return consume(() => props.onRewind?.())
    }
    // A key the person's keybindings took from an editing action (and gave it no other).
    if (keys.unbound.has(eventKeyId(e))) return e.preventDefault()
  }

  function attach(result: ReturnType<typeof readImageFile>) {
    if (!editor || editor.isDestroyed) return
    if ("error" in result) return props.onImageError?.(result.error)
    images.insert(editor, result.image, result.name)
    sync()
  }

  async function pasteClipboardImage() {
    const r = await readClipboardImage()
    if (!alive) return
    if (r.error) return props.onImageError?.(r.error)
    if (!r.image) return props.onImageError?.("The clipboard holds no image")
    const ext = r.image.mimeType.split("/")[1] === "jpeg" ? "jpg" : r.image.mimeType.split("/")[1]
    attach({ image: r.image, name: `clipboard.${ext}` })
  }

  // A click focuses whatever focusable it lands on (the transcript's scrollbox, say), which
  // would leave every later key unheard: while the prompt should have the keys, take them back.
  function keepFocus(r: TextareaRenderable) {
    r.on("blurred", () =>
      queueMicrotask(() => {
        if (alive && !r.isDestroyed && focused()) r.focus()
      }),
    )
  }

  onCleanup(
    props.fills?.((fill) => {
      if (!editor || editor.isDestroyed) return
      if (fill.how === "set") replaceEditor(fill.text)
      else insertPaste(normalizePaste(new TextEncoder().encode(fill.text)))
      suggest.dismiss()
    }) ?? (() => {}),
  )

  function onPaste(e: PasteEvent) {
    e.preventDefault()
    insertPaste(normalizePaste(e.bytes))
  }

  function insertPaste(pasted: string) {
    if (!editor || !pasted) return
    // A terminal pastes the path of a file dropped on it: an image becomes an attachment.
    const image = droppedImagePath(pasted, props.cwd)
    if (image) return attach(readImageFile(image))
    if (shouldCollapse(pasted)) pastes.insert(editor, pasted)
    else editor.insertText(pasted)
    sync()
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
      <For each={early()}>
        {(e) => (
          <box flexDirection="row" height={1} flexShrink={0} paddingX={1}>
            <text flexShrink={0} fg={theme.muted}>
              {"Waiting for the session: "}
            </text>
            <text wrapMode="none" truncate flexGrow={1} flexShrink={1} fg={theme.text}>
              {e.text.replace(/\s+/g, " ").trim() || `${e.images.length} image(s)`}
            </text>
          </box>
        )}
      </For>
      <Show when={suggest.visible()}>
        <SuggestionList
          items={suggest.items()}
          selected={suggest.selected()}
          maxRows={Math.max(3, Math.min(8, Math.floor(windowRows() / 3)))}
          emptyText={suggest.emptyText()}
          onPick={(i) => {
            suggest.select(i)
            accept(i, "tab")
          }}
        />
      </Show>
      <box border borderStyle="rounded" borderColor={borderColor()} flexDirection="row" paddingX={1}>
        <text flexShrink={0} fg={bash() ? theme.success : (props.mode?.color ?? theme.accent)}>
          {bash() ? "! " : (props.mode?.prompt ?? "› ")}
        </text>
        <textarea
          ref={(r: TextareaRenderable) => {
            editor = r
            keepFocus(r)
          }}
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
          onContentChange={sync}
          onCursorChange={syncCursor}
        />
      </box>
    </box>
  )
}
