// This window's side question (/btw) and its answer as it streams. The host sends the answer's
// pieces to every window on the session, tagged with the id the asking window chose: only that
// window holds a question with that id, so only it draws the answer. A new question replaces the
// last one, and pieces of the replaced one are dropped.
import { createSignal } from "solid-js"
import type { SideEvent } from "./session-store"

export interface SideAnswer {
  id: string
  question: string
  text: string
  /** `asking` until the first piece comes. */
  status: "asking" | "streaming" | "done" | "error"
  error?: string
}

export function createSideAnswer() {
  const [current, setCurrent] = createSignal<SideAnswer>()
  const update = (id: string, fn: (s: SideAnswer) => SideAnswer) => {
    const s = current()
    if (s?.id === id) setCurrent(fn(s))
  }
  return {
    current,
    ask(id: string, question: string) {
      setCurrent({ id, question, text: "", status: "asking" })
    },
    apply(e: SideEvent) {
      update(e.id, (s) => {
        if (e.error) return { ...s, status: "error", error: e.error }
        if (e.done) return { ...s, status: "done" }
        return { ...s, status: "streaming", text: s.text + (e.delta ?? "") }
      })
    },
    /** The request itself failed (told as a notice): the dock closes. */
    failed(id: string) {
      if (current()?.id === id) setCurrent(undefined)
    },
    dismiss() {
      setCurrent(undefined)
    },
  }
}

export type SideAnswers = ReturnType<typeof createSideAnswer>
