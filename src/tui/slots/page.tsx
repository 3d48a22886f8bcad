// A window feature's full-screen page (PageSlot): its title with its tabs on the first row, the
// chosen tab below. Tab and Shift+Tab move between tabs; Escape goes back to the session.
import { useKeyboard } from "@opentui/solid"
import { createSignal, For, Show } from "solid-js"
import { terminalLine } from "../../common/terminal-text"
import { theme } from "../theme"
import type { PageSlot } from "./types"

export function FeaturePage(props: { page: PageSlot; focused: boolean; onBack: () => void }) {
  const [tab, setTab] = createSignal(0)
  const tabs = () => props.page.tabs ?? []
  useKeyboard((e) => {
    if (!props.focused || e.defaultPrevented) return
    if (e.name === "escape") return (e.preventDefault(), props.onBack())
    const n = tabs().length
    if (e.name === "tab" && n > 1) {
      e.preventDefault()
      setTab((t) => (t + (e.shift ? n - 1 : 1)) % n)
    }
  })
  return (
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
  )
}
