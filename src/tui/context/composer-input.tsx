// The one way text gets into the composer from outside it: an extension's setEditorText and
// pasteToEditor, the message a fork, a tree move or a rewind starts from, what was queued behind
// a stopped reply, a prompt the host refused. An edit goes to the mounted composer at once, in the
// order it came. While no composer is mounted (another page is up, the session page is not drawn
// yet) edits wait, in order, for the next one: writing into whatever editor had the focus put them
// in a dialog's field or lost them.
import { createContext, useContext, type ParentProps } from "solid-js"

export type ComposerEdit =
  /** Replaces the draft (an extension's setEditorText). */
  | { kind: "set"; text: string }
  /** Goes in at the cursor as a paste would (an extension's pasteToEditor). */
  | { kind: "paste"; text: string }
  /** Handed back to the person: fills an empty composer, and never overwrites a draft. */
  | { kind: "restore"; text: string }
  /** Goes in front of the draft on its own line: messages queued behind a stopped reply are not lost to a draft. */
  | { kind: "prepend"; text: string }

export interface ComposerInput {
  set(text: string): void
  paste(text: string): void
  /** Nothing to hand back (`undefined` or empty) is no edit. */
  restore(text: string | undefined): void
  prepend(text: string | undefined): void
  /** The composer takes what waited, then every later edit; the returned function lets go. */
  attach(apply: (edit: ComposerEdit) => void): () => void
}

export function createComposerInput(): ComposerInput {
  const waiting: ComposerEdit[] = []
  let target: ((edit: ComposerEdit) => void) | undefined
  const push = (edit: ComposerEdit) => {
    if (target) target(edit)
    else waiting.push(edit)
  }
  return {
    set: (text) => push({ kind: "set", text }),
    paste: (text) => push({ kind: "paste", text }),
    restore: (text) => void (text && push({ kind: "restore", text })),
    prepend: (text) => void (text && push({ kind: "prepend", text })),
    attach(apply) {
      target = apply
      for (const edit of waiting.splice(0)) apply(edit)
      return () => {
        if (target === apply) target = undefined
      }
    },
  }
}

const ctx = createContext<ComposerInput>()

export function ComposerInputProvider(props: ParentProps) {
  return <ctx.Provider value={createComposerInput()}>{props.children}</ctx.Provider>
}

export function useComposerInput(): ComposerInput {
  const value = useContext(ctx)
  if (!value) throw new Error("ComposerInput context must be used within its provider")
  return value
}

/** The composer on its own (tests, a sketch) has nothing outside it to take text from. */
export const useOptionalComposerInput = (): ComposerInput | undefined => useContext(ctx)
