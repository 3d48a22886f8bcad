// The composer owns its text; a fork or a tree move hands back the message it started from. It
// goes into the focused editor once the dialog or page that asked has gone, and only if empty.
import type { CliRenderer } from "@opentui/core"

export function fillComposer(renderer: CliRenderer, text: string | undefined) {
  if (!text) return
  setTimeout(() => {
    const editor = renderer.currentFocusedEditor as EditorLike | null
    if (!editor || editor.plainText) return
    editor.setText(text)
    // Typing goes on after the handed-back text, not in front of it.
    editor.gotoBufferEnd()
  }, 0)
}

type EditorLike = { plainText: string; setText(t: string): void; gotoBufferEnd(): void }
