// The children of the running reply, one row each under the status line: a spinner while it runs
// (a ring while it waits for a slot), its profile, the title its parent gave, and how long it has
// run. At most three rows, then `+N more`; a narrow window cuts the title first (rules.ts).
import { useTerminalDimensions } from "@opentui/solid"
import { For, Show } from "solid-js"
import { terminalLine } from "../../../src/common/terminal-text"
import { useNow, useSpinner } from "../../../src/tui/component/spinner"
import { theme } from "../../../src/tui/theme"
import { elapsedText, fitRow, MAX_ROWS, moreText, type ChildState } from "../rules"

export function SubagentRows(props: { children: readonly ChildState[] }) {
  const dims = useTerminalDimensions()
  const spinner = useSpinner()
  const now = useNow()
  // The status line's own padding: one column each side.
  const width = () => Math.max(4, dims().width - 2)
  const row = (c: ChildState) => {
    const since = c.startedAt ?? c.queuedAt
    const parts = fitRow(width() - (c.depth > 1 ? 2 : 0), {
      profile: terminalLine(c.profile),
      title: terminalLine(c.title),
      elapsed: c.status === "running" ? elapsedText(now() - since) : "queued",
    })
    return parts
  }
  return (
    <box flexDirection="column" flexShrink={0} paddingX={1}>
      <For each={props.children.slice(0, MAX_ROWS)}>
        {(c) => {
          const parts = () => row(c)
          return (
            <text wrapMode="none" truncate>
              <span>{c.depth > 1 ? "  " : ""}</span>
              <span style={{ fg: c.status === "running" ? theme.accent : theme.dim }}>
                {c.status === "running" ? spinner() : "○"}
              </span>
              <span> </span>
              <span style={{ fg: theme.accent }}>{parts().profile}</span>
              <span style={{ fg: theme.text }}>{parts().title ? `  ${parts().title}` : ""}</span>
              <span style={{ fg: theme.muted }}>{parts().elapsed ? `  ${parts().elapsed}` : ""}</span>
            </text>
          )
        }}
      </For>
      <Show when={moreText(props.children.length)}>
        <text wrapMode="none" truncate fg={theme.muted}>
          {`  ${moreText(props.children.length) ?? ""}`}
        </text>
      </Show>
    </box>
  )
}
