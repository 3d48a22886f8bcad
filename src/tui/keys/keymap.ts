// The window's keys for the actions it shares with Pi, under Pi's action ids, so the person's
// Pi keybindings file (util/pi-keybindings.ts) moves them as it moves Pi's. Without a file every
// key is xagent's own default (help-list.ts), which differs from Pi's here and there (Home goes to the
// start of the prompt, Ctrl+D also deletes forward). Prompt editing goes to the textarea's
// bindings; the rest is matched by the handlers through `matches`.
import { defaultTextareaKeyBindings, type KeyBinding } from "@opentui/core"
import { createContext, useContext } from "solid-js"
import { XAGENT_KEYS, type PiKeybindings } from "../../util/pi-keybindings"
import { canonicalKeyId, keyIdOf, type KeyLike } from "./key-id"

/** xagent's keys for each shared action (canonical ids). */
export const DEFAULT_KEYS = XAGENT_KEYS

export type KeyAction = keyof typeof DEFAULT_KEYS

/** Pi's editing actions and the textarea's actions they are (xagent's keys are the textarea's). */
const EDITING: Record<string, KeyBinding["action"][]> = {
  "tui.editor.cursorUp": ["move-up"],
  "tui.editor.cursorDown": ["move-down"],
  "tui.editor.cursorLeft": ["move-left"],
  "tui.editor.cursorRight": ["move-right"],
  "tui.editor.cursorWordLeft": ["word-backward"],
  "tui.editor.cursorWordRight": ["word-forward"],
  "tui.editor.cursorLineStart": ["line-home"],
  "tui.editor.cursorLineEnd": ["line-end"],
  "tui.editor.deleteCharBackward": ["backspace"],
  "tui.editor.deleteCharForward": ["delete"],
  "tui.editor.deleteWordBackward": ["delete-word-backward"],
  "tui.editor.deleteWordForward": ["delete-word-forward"],
  "tui.editor.deleteToLineStart": ["delete-to-line-start"],
  "tui.editor.deleteToLineEnd": ["delete-to-line-end"],
  "tui.editor.undo": ["undo"],
}

/** The id of a key event: a terminal's Ctrl+J arrives as linefeed, the keypad's Enter as kpenter. */
export function eventKeyId(e: KeyLike): string {
  if (e.name === "linefeed") return "ctrl+j"
  if (e.name === "kpenter") return keyIdOf({ ...e, name: "enter" })
  return keyIdOf(e)
}

function toBinding(id: string, action: KeyBinding["action"]): KeyBinding {
  const parts = canonicalKeyId(id).split("+")
  const name = id.endsWith("++") ? "+" : parts.pop()!
  const named = name === "enter" ? "return" : name
  return {
    name: named,
    action,
    ctrl: parts.includes("ctrl") || undefined,
    shift: parts.includes("shift") || undefined,
    meta: parts.includes("alt") || undefined,
    super: parts.includes("super") || undefined,
  }
}

export class Keymap {
  private readonly keys = new Map<string, Set<string>>()
  /** The person's editing keys, which the textarea lays over its own (undefined: none). */
  readonly textareaBindings: KeyBinding[] | undefined
  /** The textarea's own keys for editing actions the person moved elsewhere: they do nothing. */
  readonly unbound: ReadonlySet<string>
  readonly notice?: string
  readonly path?: string

  constructor(readonly file?: PiKeybindings) {
    this.notice = file?.notice
    this.path = file?.path
    const given = file?.bindings ?? {}
    for (const [action, keys] of Object.entries(DEFAULT_KEYS))
      this.keys.set(action, new Set((given[action] ?? keys).map(canonicalKeyId)))
    const editing = Object.keys(given).filter((a) => a in EDITING)
    const moved = new Set(editing.flatMap((a) => EDITING[a]!))
    const taken = new Set(editing.flatMap((a) => given[a]!.map(canonicalKeyId)))
    const idOf = (b: KeyBinding) =>
      keyIdOf({ name: b.name, ctrl: !!b.ctrl, shift: !!b.shift, meta: !!b.meta, super: !!b.super })
    this.unbound = new Set(
      defaultTextareaKeyBindings
        .filter((b) => moved.has(b.action))
        .map(idOf)
        .filter((id) => !taken.has(id)),
    )
    this.textareaBindings = editing.length
      ? editing.flatMap((a) => given[a]!.flatMap((k) => EDITING[a]!.map((action) => toBinding(k, action))))
      : undefined
  }

  matches(action: KeyAction, e: KeyLike): boolean {
    const keys = this.keys.get(action)!
    if (keys.has(eventKeyId(e))) return true
    // Esc and then Esc or a Ctrl key in one read parse as Alt+that key: it is that key. (Alt+Enter,
    // `\x1b\r`, is a key of its own: steer.)
    const seq = e.sequence ?? ""
    return (
      e.meta &&
      seq.length === 2 &&
      seq[0] === "\x1b" &&
      seq.charCodeAt(1) < 0x20 &&
      (e.ctrl || e.name === "escape") &&
      keys.has(eventKeyId({ ...e, meta: false }))
    )
  }

  /** The keys in effect for one of the shared actions (canonical ids). */
  keysOf(action: KeyAction): string[] {
    return [...this.keys.get(action)!]
  }

  /** The person's keys for `action`, when the file gave it some (for /hotkeys). */
  custom(action: string): string[] | undefined {
    return this.file?.bindings[action]
  }

  /** Every action the file set, with its keys. */
  customized(): [string, string[]][] {
    return Object.entries(this.file?.bindings ?? {})
  }
}

const DEFAULT = new Keymap()
const KeymapContext = createContext<Keymap>(DEFAULT)
export const KeymapProvider = KeymapContext.Provider
export const useKeymap = () => useContext(KeymapContext)
