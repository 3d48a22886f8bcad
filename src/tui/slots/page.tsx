// A window feature's full-screen page (PageSlot): its title with its tabs on the first row, the
// chosen tab below. Tab and Shift+Tab move between tabs; Escape goes back to the session, unless
// the page holds it (a view inside the page that Esc closes first: usePageEscape).
import { useKeyboard } from "@opentui/solid"
import { createContext, createSignal, For, onCleanup, Show, useContext } from "solid-js"
import { terminalLine } from "../../common/terminal-text"
import { theme } from "../theme"
import type { PageSlot } from "./types"

/** Holders of the page's Esc, newest last: each says whether it took this press. */
const PageEscape = createContext<((hold: () => boolean) => () => void) | undefined>(undefined)

/**
 * Esc is `hold`'s first while the calling component lives: when it returns true (it closed a view
 * of its own), the page stays. Outside a feature page it does nothing.
 */
export function usePageEscape(hold: () => boolean): void {
  const add = useContext(PageEscape)
  if (add) onCleanup(add(hold))
}

export function FeaturePage(props: { page: PageSlot; focused: boolean; onBack: () => void }) {
  const [tab, setTab] = createSignal(0)
  const tabs = () => props.page.tabs ?? []
  const holds: (() => boolean)[] = []
  const add = (hold: () => boolean) => {
    holds.push(hold)
    return () => {
      const i = holds.indexOf(hold)
      if (i >= 0) holds.splice(i, 1)
    }
  }
  useKeyboard((e) => {
    if (!props.focused || e.defaultPrevented) return
    if (e.name === "escape") {
      e.preventDefault()
      if ([...holds].reverse().some((hold) => hold())) return
      return props.onBack()
    }
    const n = tabs().length
    if (e.name === "tab" && n > 1) {
      e.preventDefault()
      setTab((t) => (t + (e.shift ? n - 1 : 1)) % n)
    }
  })
  return (
    <PageEscape.Provider value={add}>
      <box flexDirection="column" width="100%" height="100%" paddingX={1}>
        <text flexShrink={0} wrapMode="none" truncate>
          <span style={{ fg: theme.accent }}>{terminalLine(props.page.title)}</span>
          <For each={tabs()}>
            {(t, i) => (
              <span style={{ fg: i() === tab() ? theme.text : theme.muted }}>
                {`  ${i() === tab() ? "[" : " "}${terminalLine(t.title)}${i() === tab() ? "]" : " "}`}
              </span>
            )}
          </For>
        </text>
        <box flexDirection="column" flexGrow={1}>
          <Show when={tabs().length > 0} fallback={props.page.view?.()}>
            {tabs()[tab()]?.view()}
          </Show>
        </box>
      </box>
    </PageEscape.Provider>
  )
}
