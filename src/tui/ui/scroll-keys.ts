// The keys every scrolling dialog page answers (/help, /hotkeys, /diff): a line with the arrows,
// a page less one line with PgUp/PgDn, so the line read last stays in view.
import type { ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard } from "@opentui/solid"

export function useScrollKeys(box: () => ScrollBoxRenderable | undefined) {
  useKeyboard((e) => {
    const b = box()
    if (!b) return
    const page = Math.max(1, b.viewport.height - 1)
    if (e.name === "up") b.scrollBy(-1)
    else if (e.name === "down") b.scrollBy(1)
    else if (e.name === "pageup") b.scrollBy(-page)
    else if (e.name === "pagedown") b.scrollBy(page)
    else return
    e.preventDefault()
  })
}
