// Text from outside the composer (an extension, a fork, a stop) comes by one road,
// `context/composer-input.tsx`; this is where the mounted composer applies it to its draft.
import { onCleanup, onMount } from "solid-js"
import { useOptionalComposerInput, type ComposerEdit } from "../../context/composer-input"
import type { Draft } from "./draft"
import { normalizePaste } from "./paste-marks"

export function useOutsideText(draft: Draft, dismissSuggestions: () => void) {
  const input = useOptionalComposerInput()
  // Attached once the editor is there: what came before waits for it.
  if (input) onMount(() => onCleanup(input.attach(apply)))

  function apply(edit: ComposerEdit) {
    const editor = draft.live()
    if (!editor) return
    if (edit.kind === "set" || edit.kind === "paste") {
      if (edit.kind === "set") draft.replace(edit.text)
      else draft.insertPaste(normalizePaste(new TextEncoder().encode(edit.text)))
      return dismissSuggestions()
    }
    // Handed-back text never overwrites a draft; queued messages go in front of it.
    if (editor.plainText && edit.kind !== "prepend") return
    draft.putFirst(edit.text)
    // Typing goes on after the handed-back text, not in front of it.
    editor.gotoBufferEnd()
    draft.syncCursor()
  }
}
