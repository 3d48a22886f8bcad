// The composer owns its text; a fork or a tree move hands back the message it started from. It
// goes into the focused editor once the dialog or page that asked has gone, and only if empty.
import type { CliRenderer } from "@opentui/core"

export function fillComposer(renderer: CliRenderer, text: string | undefined, opts: { beforeDraft?: boolean } = {}) {
  if (!text) return
  setTimeout(() => {
    const editor = renderer.currentFocusedEditor as EditorLike | null
    if (!editor) return
    // Queued messages handed back after a stop must not be lost to a draft: they go first.
    if (editor.plainText) {
      if (!opts.beforeDraft) return
      // Inserted, not set: the draft keeps its paste marks.
      editor.cursorOffset = 0
      editor.insertText(text + "\n")
    } else editor.setText(text)
    // Typing goes on after the handed-back text, not in front of it.
    editor.gotoBufferEnd()
  }, 0)
}

type EditorLike = {
  plainText: string
  cursorOffset: number
  setText(t: string): void
  insertText(t: string): void
  gotoBufferEnd(): void
}
