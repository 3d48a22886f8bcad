// The composer owns its text; a fork or a tree move hands back the message it started from. It
// goes into the focused editor once the dialog or page that asked has gone, and only if empty.
import type { CliRenderer } from "@opentui/core"

export function fillComposer(renderer: CliRenderer, text: string | undefined) {
  if (!text) return
  setTimeout(() => {
    const editor = renderer.currentFocusedEditor as { plainText: string; setText(t: string): void } | null
    if (editor && !editor.plainText) editor.setText(text)
  }, 0)
}
