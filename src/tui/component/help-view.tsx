// /help: the built-in commands (canonical names; aliases in brackets), the session's extension
// commands (xagent's own with the built-ins, the others under their owner) and the keys. Scrolls with
// the arrows and PgUp/PgDn when the window is too short for all of it. /hotkeys: the keys as they
// are in effect (the person's Pi keybindings file moves some), then the extensions' shortcuts.
import { TextAttributes, type ScrollBoxRenderable } from "@opentui/core"
import { useWindowRows } from "../context/window-rows"
import { For, Show } from "solid-js"
import { COMMANDS } from "../commands"
import { pageCommands } from "../slots/registry"
import type { CommandInfo, ShortcutInfo } from "../../protocol"
import { terminalLine } from "../../common/terminal-text"
import { KEYS } from "../keys/help-list"
import { useKeymap, type KeyAction, type Keymap } from "../keys/keymap"
import { theme } from "../theme"
import { useScrollKeys } from "../ui/scroll-keys"

/** The Pi actions behind a row of KEYS, for the rows the keybindings file can move. */
const ROW_ACTIONS: Partial<Record<keyof typeof KEYS, KeyAction[]>> = {
  send: ["tui.input.submit"],
  newline: ["tui.input.newLine"],
  interrupt: ["app.interrupt"],
  history: ["tui.editor.cursorUp", "tui.editor.cursorDown"],
  dequeue: ["app.message.dequeue"],
  page: ["tui.altScreen.pageUp", "tui.altScreen.pageDown"],
  ends: ["tui.altScreen.top", "tui.altScreen.bottom"],
  cycleModel: ["app.model.cycleForward", "app.model.cycleBackward"],
  modelSelect: ["app.model.select"],
  thinking: ["app.thinking.toggle"],
  tools: ["app.tools.expand"],
  quit: ["app.clear"],
  eof: ["app.exit"],
  image: ["app.clipboard.pasteImage"],
}

/** `ctrl+shift+x` → `Ctrl+Shift+X`. */
export function keyLabel(id: string): string {
  return id
    .split("+")
    .map((p) => (p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1)))
    .join("+")
}

const keysLabel = (keys: string[]) => (keys.length ? keys.map(keyLabel).join(", ") : "none")

/** A row's label as in effect: the file's keys for its actions where it gave some. */
function effectiveLabel(keymap: Keymap, row: keyof typeof KEYS): string {
  const actions = ROW_ACTIONS[row]
  if (!actions?.some((a) => keymap.custom(a))) return KEYS[row].label
  return actions.map((a) => keysLabel(keymap.custom(a) ?? keymap.keysOf(a as KeyAction))).join(" / ")
}

/** An owner named as its command (reload-runtime.ts's /reload-runtime): naming it only repeats the name. */
const ownerSaysNothing = (c: CommandInfo) => c.owner === c.name

/**
 * The session's extension commands: xagent's own (no owner); those whose owner is their own name,
 * listed without it; then each other owner's, in the session's order.
 */
function byOwner(commands: readonly CommandInfo[]): {
  own: CommandInfo[]
  selfNamed: CommandInfo[]
  owners: [string, CommandInfo[]][]
} {
  const extension = commands.filter((c) => c.source === "extension")
  const owners = new Map<string, CommandInfo[]>()
  for (const c of extension)
    if (c.owner && !ownerSaysNothing(c)) owners.set(c.owner, [...(owners.get(c.owner) ?? []), c])
  return {
    own: extension.filter((c) => !c.owner),
    selfNamed: extension.filter((c) => c.owner && ownerSaysNothing(c)),
    owners: [...owners],
  }
}

function ExtensionCommandRow(props: { command: CommandInfo; indent?: boolean }) {
  const c = props.command
  const also = c.owner && !c.shared && !ownerSaysNothing(c) ? ` (also /${c.owner}:${terminalLine(c.name)})` : ""
  return (
    <text flexShrink={0} wrapMode="word">
      <span style={{ fg: theme.accent }}>{`${props.indent ? "  " : ""}/${terminalLine(c.name)}`}</span>
      <span style={{ fg: theme.muted }}>{c.description ? `  ${c.description}` : ""}</span>
      <span style={{ fg: theme.dim }}>{also}</span>
    </text>
  )
}

/** `keysOnly`: /hotkeys, with the session's extension shortcuts; else `commands`: the session's. */
export function HelpView(
  props: { keysOnly?: boolean; shortcuts?: readonly ShortcutInfo[]; commands?: readonly CommandInfo[] } = {},
) {
  const keymap = useKeymap()
  const custom = keymap.customized()
  const shortcuts = () => (props.keysOnly ? (props.shortcuts ?? []) : [])
  const extension = byOwner(props.keysOnly ? [] : (props.commands ?? []))
  const owned = extension.selfNamed.length + extension.owners.length > 0
  const extensionRows =
    extension.own.length +
    extension.selfNamed.length +
    extension.owners.reduce((n, [, list]) => n + list.length + 1, owned ? 2 : 0)
  // Rows wrap rather than being cut, so a narrow window takes a few more lines (it scrolls).
  // The window's commands, then those that open a bundled feature's page (/subagents).
  const windowCommands: { name: string; description: string; args?: string; aliases?: string[] }[] = [
    ...COMMANDS,
    ...pageCommands(),
  ]
  const LINES =
    windowCommands.length + extensionRows + Object.keys(KEYS).length + custom.length + shortcuts().length + 10
  const windowRows = useWindowRows()
  let box: ScrollBoxRenderable | undefined
  useScrollKeys(() => box)
  return (
    <box flexDirection="column">
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        height={Math.max(3, Math.min(LINES, windowRows() - 6))}
        flexShrink={0}
        // Rows are laid out at the width left beside the scrollbar (see virtual-list.tsx).
        wrapperOptions={{ flexBasis: 0 }}
      >
        <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD}>
          {props.keysOnly ? "Keys" : "Commands"}
        </text>
        <For each={props.keysOnly ? [] : windowCommands}>
          {(c) => (
            <text flexShrink={0} wrapMode="word">
              <span style={{ fg: theme.accent }}>{`/${c.name}`}</span>
              <span style={{ fg: theme.dim }}>{c.args ? ` ${c.args}` : ""}</span>
              <span style={{ fg: theme.muted }}>{`  ${c.description}`}</span>
              <span style={{ fg: theme.dim }}>{c.aliases ? ` (also /${c.aliases.join(", /")})` : ""}</span>
            </text>
          )}
        </For>
        <For each={extension.own}>{(c) => <ExtensionCommandRow command={c} />}</For>
        <Show when={owned}>
          <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
            Extensions' commands
          </text>
          <For each={extension.selfNamed}>{(c) => <ExtensionCommandRow command={c} />}</For>
          <For each={extension.owners}>
            {([owner, list]) => (
              <>
                <text flexShrink={0} fg={theme.accentAlt}>
                  {owner}
                </text>
                <For each={list}>{(c) => <ExtensionCommandRow command={c} indent />}</For>
              </>
            )}
          </For>
        </Show>
        <Show when={!props.keysOnly}>
          <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
            Keys
          </text>
        </Show>
        <For each={Object.entries(KEYS) as [keyof typeof KEYS, (typeof KEYS)[keyof typeof KEYS]][]}>
          {([row, k]) => (
            <text flexShrink={0} wrapMode="word">
              <span style={{ fg: theme.accentAlt }}>{effectiveLabel(keymap, row)}</span>
              <span style={{ fg: theme.muted }}>{`  ${k.help}`}</span>
            </text>
          )}
        </For>
        <Show when={props.keysOnly && custom.length > 0}>
          <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
            {`Set in ${keymap.path}`}
          </text>
          <For each={custom}>
            {([action, keys]) => (
              <text flexShrink={0} wrapMode="word">
                <span style={{ fg: theme.accentAlt }}>{keysLabel(keys)}</span>
                <span style={{ fg: theme.muted }}>{`  ${action}`}</span>
              </text>
            )}
          </For>
        </Show>
        <Show when={shortcuts().length > 0}>
          <text flexShrink={0} fg={theme.text} attributes={TextAttributes.BOLD} marginTop={1}>
            Extensions' keys
          </text>
          <For each={shortcuts()}>
            {(s) => (
              <text flexShrink={0} wrapMode="word">
                <span style={{ fg: theme.accentAlt }}>{keyLabel(s.key)}</span>
                <span style={{ fg: theme.muted }}>{`  ${s.description ?? "(no description)"}`}</span>
              </text>
            )}
          </For>
        </Show>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim}>
        ↑↓ PgUp PgDn scroll · Esc closes
      </text>
    </box>
  )
}
