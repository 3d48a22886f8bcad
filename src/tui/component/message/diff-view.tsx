// A coloured diff from an edit tool's `details.diff`: Pi's numbered form (`+12 text`, `-12 text`,
// ` 12 text`) and plain unified diffs (`@@`, `+`, `-`, ` `) both colour by their first column.
import { For, Show } from "solid-js"
import { terminalText } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { clip } from "./tool-frame"

export function diffStats(diff: string) {
  let added = 0
  let removed = 0
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++") || line.startsWith("---")) continue
    if (line.startsWith("+")) added++
    else if (line.startsWith("-")) removed++
  }
  return { added, removed }
}

function styleOf(line: string) {
  if (line.startsWith("+++") || line.startsWith("---")) return { fg: theme.muted }
  if (line.startsWith("@@")) return { fg: theme.info }
  if (line.startsWith("+")) return { fg: theme.diffAdd, bg: theme.diffAddBg }
  if (line.startsWith("-")) return { fg: theme.diffRemove, bg: theme.diffRemoveBg }
  return { fg: theme.diffContext }
}

export function DiffView(props: { diff: string; max: number }) {
  const clipped = () => clip(terminalText(props.diff), props.max, "start")
  return (
    <box flexDirection="column" flexShrink={0}>
      <For each={clipped().text.split("\n")}>
        {(line) => (
          <text fg={styleOf(line).fg} bg={styleOf(line).bg} wrapMode="char">
            {line}
          </text>
        )}
      </For>
      <Show when={clipped().hidden > 0}>
        <text fg={theme.dim}>{`… ${clipped().hidden} more diff lines (ctrl+o)`}</text>
      </Show>
    </box>
  )
}
