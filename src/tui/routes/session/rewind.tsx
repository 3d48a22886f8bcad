// Rewind: Esc twice on an empty prompt lists the user messages on this branch, newest first.
// Choosing one moves the session to just before it, the way Pi's /tree does for a user message
// (session.navigate: the leaf becomes its parent), and its text comes back into the composer, so
// the next send replaces it. The old branch stays in the tree.
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useToast } from "../../context/toast"
import { DialogSelect } from "../../ui/dialog-select"
import { useComposerInput } from "../../context/composer-input"

/** Two presses of Esc within this long count as one "Esc twice". */
export const ESC_TWICE_MS = 1000

export function useRewind() {
  const composer = useComposerInput()
  const session = useSession()
  const dialog = useDialog()
  const toast = useToast()

  return async function rewind() {
    const r = await session.act("session.tree", {})
    if (!r) return
    const messages = r.nodes.filter((n) => n.onPath && n.role === "user").reverse()
    if (messages.length === 0) return toast.show({ level: "info", message: "Nothing to rewind yet" })
    dialog.show(() => (
      <DialogSelect
        title="Rewind to before a message"
        filterable={messages.length > 8}
        options={messages.map((m) => ({ label: m.text, value: m.id }))}
        onSelect={async (entryId) => {
          const done = await session.act("session.navigate", { entryId })
          if (done) composer.restore(done.editorText)
        }}
        onCancel={() => {}}
      />
    ))
  }
}
