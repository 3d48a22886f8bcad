// The dock's keys and pastes while it has them: each key becomes an action (keys.ts); a paste is
// typed into the focused text field, and goes elsewhere when no text field has focus.
import { useKeyboard, usePaste } from "@opentui/solid"
import type { Action } from "./actions"
import { keyAction } from "./keys"

export function useDockKeys(opts: {
  /** The dock has the keys (not yet answered, nothing over it). */
  has: () => boolean
  /** A text field (free text, a note) has focus: printable keys type. */
  textFocus: () => boolean
  dispatch: (action: Action) => void
}): void {
  useKeyboard((key) => {
    if (!opts.has() || key.defaultPrevented) return
    const action = keyAction(key, opts.textFocus())
    if (!action) return
    key.preventDefault()
    opts.dispatch(action)
  })
  usePaste((event) => {
    if (!opts.has() || event.defaultPrevented || !opts.textFocus()) return
    event.preventDefault()
    opts.dispatch({ type: "insert", text: new TextDecoder().decode(event.bytes) })
  })
}
