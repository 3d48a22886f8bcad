// The prompt's own keys, after the popup's and the page's: newline, send, steer, an image from
// the clipboard, the queue back into the draft, history, stop, Esc twice to rewind, and the keys
// the person's keybindings took away. Which key is which comes from the keymap (Pi's keybindings file).
import type { KeyEvent } from "@opentui/core"
import type { Accessor } from "solid-js"
import type { QueueState } from "../../../protocol"
import { eventKeyId, type Keymap } from "../../keys/keymap"
import type { Draft } from "./draft"
import type { PromptHistory } from "./history"
import type { SendHow } from "./sending"

export function createPromptKeys(
  props: {
    running: boolean
    bashRunning?: boolean
    queue: QueueState
    onInterrupt(): void
    onDequeue(): Promise<string | undefined>
    onRewind?(): void
    escTwiceMs?: number
  },
  keys: Keymap,
  draft: Draft,
  history: Accessor<PromptHistory>,
  send: { submit(how: SendHow): void; modeFor(steer: boolean): SendHow },
  /** The popup hides once the draft is replaced by a recalled one. */
  dismissSuggestions: () => void,
) {
  let escArmedUntil = 0

  function recall(value: string | undefined) {
    if (value === undefined) return
    draft.replace(value)
    dismissSuggestions()
  }

  // The queued messages come back in front of the draft, in the order they were queued.
  function dequeue() {
    if (!props.queue.steering.length && !props.queue.followUp.length) return
    props.onDequeue().then((queued) => queued && draft.putFirst(queued))
  }

  return function onKey(e: KeyEvent) {
    const editor = draft.editor()
    const k = e.name
    const mods = e.ctrl || e.meta || e.shift || !!e.super
    const consume = (fn: () => void) => {
      e.preventDefault()
      fn()
    }
    if (keys.matches("tui.input.newLine", e)) return consume(() => editor?.newLine())
    if (keys.matches("tui.input.submit", e)) {
      // `\` then Enter: a newline, as in a shell (and Claude Code), for terminals without Shift+Enter.
      if (editor && editor.getTextRange(0, editor.cursorOffset).endsWith("\\"))
        return consume(() => (editor.deleteCharBackward(), editor.newLine()))
      return consume(() => send.submit(send.modeFor(false)))
    }
    // Alt+Enter, Ctrl+Enter: xagent's steer (Pi's Alt+Enter queues; xagent's Enter does that).
    if ((k === "return" || k === "kpenter") && (e.meta || e.ctrl || !!e.super))
      return consume(() => send.submit(send.modeFor(true)))
    if (keys.matches("app.clipboard.pasteImage", e)) return consume(() => void draft.pasteClipboardImage())
    if (keys.matches("app.message.dequeue", e)) return consume(dequeue)
    if (keys.matches("tui.editor.historyPrevious", e))
      return consume(() => recall(history().prev(editor?.plainText ?? "")))
    if (keys.matches("tui.editor.historyNext", e)) return consume(() => recall(history().next()))
    if (keys.matches("tui.editor.cursorUp", e) && draft.onFirstLine())
      return consume(() => recall(history().prev(editor?.plainText ?? "")))
    if (keys.matches("tui.editor.cursorDown", e) && draft.onLastLine()) return consume(() => recall(history().next()))
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
}
