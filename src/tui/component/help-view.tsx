// /help: the built-in commands (canonical names; aliases in brackets) and the keys.
import { TextAttributes } from "@opentui/core"
import { For } from "solid-js"
import { COMMANDS } from "../commands"
import { KEYS } from "../keys"
import { theme } from "../theme"

export function HelpView() {
  return (
    <box flexDirection="column">
      <text fg={theme.text} attributes={TextAttributes.BOLD}>
        Commands
      </text>
      <For each={COMMANDS}>
        {(c) => (
          <text wrapMode="word">
            <span style={{ fg: theme.accent }}>{`/${c.name}`}</span>
            <span style={{ fg: theme.dim }}>{c.args ? ` ${c.args}` : ""}</span>
            <span style={{ fg: theme.muted }}>{`  ${c.description}`}</span>
            <span style={{ fg: theme.dim }}>{c.aliases ? ` (also /${c.aliases.join(", /")})` : ""}</span>
          </text>
        )}
      </For>
      <text fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
        Keys
      </text>
      <For each={Object.values(KEYS)}>
        {(k) => (
          <text wrapMode="word">
            <span style={{ fg: theme.accentAlt }}>{k.label}</span>
            <span style={{ fg: theme.muted }}>{`  ${k.help}`}</span>
          </text>
        )}
      </For>
      <text fg={theme.dim} marginTop={1}>
        Esc closes
      </text>
    </box>
  )
}
