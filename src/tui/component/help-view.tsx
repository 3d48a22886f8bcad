// /help: the built-in commands (canonical names; aliases in brackets) and the keys. Scrolls with
// the arrows and PgUp/PgDn when the window is too short for all of it.
import { TextAttributes, type ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { For, Show } from "solid-js"
import { COMMANDS } from "../commands"
import { KEYS } from "../keys"
import { theme } from "../theme"

// Rows wrap rather than being cut, so a narrow window takes a few more lines (it scrolls).
const LINES = COMMANDS.length + Object.keys(KEYS).length + 6

/** `keysOnly`: /hotkeys. */
export function HelpView(props: { keysOnly?: boolean } = {}) {
  const dims = useTerminalDimensions()
  let box: ScrollBoxRenderable | undefined
  useKeyboard((e) => {
    if (!box) return
    const page = Math.max(1, box.viewport.height - 1)
    if (e.name === "up") box.scrollBy(-1)
    else if (e.name === "down") box.scrollBy(1)
    else if (e.name === "pageup") box.scrollBy(-page)
    else if (e.name === "pagedown") box.scrollBy(page)
    else return
    e.preventDefault()
  })
  return (
    <box flexDirection="column">
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        height={Math.max(3, Math.min(LINES, dims().height - 6))}
        flexShrink={0}
        // Rows are laid out at the width left beside the scrollbar (see virtual-list.tsx).
        wrapperOptions={{ flexBasis: 0 }}
      >
        <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD}>
          {props.keysOnly ? "Keys" : "Commands"}
        </text>
        <For each={props.keysOnly ? [] : COMMANDS}>
          {(c) => (
            <text flexShrink={0} wrapMode="word">
              <span style={{ fg: theme.accent }}>{`/${c.name}`}</span>
              <span style={{ fg: theme.dim }}>{c.args ? ` ${c.args}` : ""}</span>
              <span style={{ fg: theme.muted }}>{`  ${c.description}`}</span>
              <span style={{ fg: theme.dim }}>{c.aliases ? ` (also /${c.aliases.join(", /")})` : ""}</span>
            </text>
          )}
        </For>
        <Show when={!props.keysOnly}>
          <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
            Keys
          </text>
        </Show>
        <For each={Object.values(KEYS)}>
          {(k) => (
            <text flexShrink={0} wrapMode="word">
              <span style={{ fg: theme.accentAlt }}>{k.label}</span>
              <span style={{ fg: theme.muted }}>{`  ${k.help}`}</span>
            </text>
          )}
        </For>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim}>
        ↑↓ PgUp PgDn scroll · Esc closes
      </text>
    </box>
  )
}
