// How folded thinking blocks read, from the session: an extension's label
// (ctx.ui.setHiddenThinkingLabel) and Pi's hideThinkingBlock (the label alone, no preview).
// A context, so the rows stay fed by their own props and every transcript shows the same.
import { createContext, useContext } from "solid-js"

export interface ThinkingLookValue {
  label(): string
  hidden(): boolean
}

export const DEFAULT_THINKING_LABEL = "Thinking"

export const ThinkingLook = createContext<ThinkingLookValue>({
  label: () => DEFAULT_THINKING_LABEL,
  hidden: () => false,
})

export const useThinkingLook = () => useContext(ThinkingLook)

/** The look a session's state gives: the page's rows and the inline scrollback's read the same one. */
export function sessionThinkingLook(data: {
  ui: { thinkingLabel?: string }
  info?: { hideThinking?: boolean }
}): ThinkingLookValue {
  return {
    label: () => data.ui.thinkingLabel ?? DEFAULT_THINKING_LABEL,
    hidden: () => data.info?.hideThinking === true,
  }
}
