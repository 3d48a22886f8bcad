// The keys of the `/`, `@` and `$` popup while it shows, and what taking one of its rows does. They
// come before the prompt's own keys: Up, Down, Tab and Enter move in the list rather than the draft.
import type { KeyEvent } from "@opentui/core"
import type { Draft } from "./draft"
import type { SendHow } from "./sending"
import type { createSuggestions } from "./suggestions"

export function createSuggestionKeys(
  suggest: ReturnType<typeof createSuggestions>,
  draft: Draft,
  send: { submit(how: SendHow, expanded?: string): void; modeFor(steer: boolean): SendHow },
) {
  /** Tab completes the row; Enter on a command runs it with what follows it in the draft. */
  function accept(index: number, key: "tab" | "enter") {
    const t = suggest.trigger()
    const item = suggest.items()[index]
    if (item?.kind === "extension") {
      draft.replaceRange(item.edit.start, item.edit.end, item.edit.insert)
      return suggest.dismiss()
    }
    if (!t || !item || !draft.editor()) return
    if (item.kind === "file") {
      draft.replaceRange(t.start, t.end, "@" + item.path + (item.path.endsWith("/") ? "" : " "))
      return
    }
    if (item.kind === "skill") {
      draft.replaceRange(t.start, t.end, "$" + item.name + " ")
      return
    }
    if (key === "tab") {
      draft.replaceRange(0, t.end, `/${item.entry.name} `)
      return
    }
    const args = draft.expanded().slice(t.end).trim()
    send.submit(send.modeFor(false), `/${item.entry.name}${args ? " " + args : ""}`)
  }

  /** True when the popup took the key. */
  function onKey(e: KeyEvent): boolean {
    const k = e.name
    const mods = e.ctrl || e.meta || e.shift || !!e.super
    const consume = (fn: () => void) => {
      e.preventDefault()
      fn()
      return true
    }
    if (suggest.items().length > 0) {
      if ((k === "up" && !mods) || (k === "p" && e.ctrl)) return consume(() => suggest.move(-1))
      if ((k === "down" && !mods) || (k === "n" && e.ctrl)) return consume(() => suggest.move(1))
      if (k === "tab" && !mods) return consume(() => accept(suggest.selected(), "tab"))
      // Enter runs the highlighted command only when the person picked it; a word as typed runs
      // only if it is a command's exact name (a near match, /context for /compact, is refused).
      if ((k === "return" || k === "kpenter") && !mods)
        return consume(() =>
          suggest.trigger()?.kind === "command" && !suggest.chosen()
            ? send.submit(send.modeFor(false))
            : accept(suggest.selected(), "enter"),
        )
    }
    if (k === "escape" && suggest.visible()) return consume(() => suggest.dismiss())
    return false
  }

  return { accept, onKey }
}
