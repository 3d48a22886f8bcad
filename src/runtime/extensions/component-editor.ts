// An extension's own editor (setEditorComponent) in the composer's place: made with pi-tui's keys
// and Pi's editor theme; its Enter sends as the composer would, its Esc interrupts, and Ctrl+C
// empties it as Pi's does.
import { getSelectListTheme } from "@earendil-works/pi-coding-agent"
import { KeybindingsManager, TUI_KEYBINDINGS, type Component } from "@earendil-works/pi-tui"

const CTRL_C = "\x03"
/** pi-tui's keys plus the app keys Pi's CustomEditor reads (Esc interrupts), at Pi's defaults. */
const editorKeys = () =>
  new KeybindingsManager({
    ...TUI_KEYBINDINGS,
    "app.interrupt": { defaultKeys: "escape", description: "Cancel or abort" },
  })

type Editor = Component & {
  onSubmit?: (text: string) => void
  onEscape?: () => void
  getText?(): string
  setText?(text: string): void
  addToHistory?(text: string): void
}

export function makeEditor<C extends Component>(
  factory: (...args: any[]) => C,
  tui: unknown,
  theme: { fg(token: string, text: string): string },
  deps: { submit(text: string): void; interrupt(): void },
): C {
  const editorTheme = { borderColor: (t: string) => theme.fg("borderMuted", t), selectList: getSelectListTheme() }
  const editor = factory(tui, editorTheme, editorKeys()) as C & Editor
  editor.onEscape = () => deps.interrupt()
  // As Pi's own submit: the text is sent, kept in the editor's history, and the editor emptied.
  editor.onSubmit = (text) => {
    if (!text.trim()) return
    editor.addToHistory?.(text)
    editor.setText?.("")
    deps.submit(text)
  }
  return editor
}

/**
 * Pi's Ctrl+C (app.clear) on an editor with text empties it; on an empty one it is the window's
 * (quitting), which only the window can do. `undefined`: not Ctrl+C, the editor takes the key.
 */
export function ctrlCOnEditor(editor: Component, data: string): { cleared?: boolean } | undefined {
  if (data !== CTRL_C) return undefined
  const e = editor as Editor
  if (!e.getText?.()) return {}
  e.setText?.("")
  return { cleared: true }
}
