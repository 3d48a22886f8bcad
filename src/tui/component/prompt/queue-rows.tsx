// Messages waiting for the running turn, above the composer: steering first (delivered after the
// current tool calls), then follow-ups (after the turn ends). A click on one opens /follow-up.
import { For, Show } from "solid-js"
import type { QueueState } from "../../../protocol"
import { terminalLine } from "../../../common/terminal-text"
import { theme } from "../../theme"

export function QueueRows(props: { queue: QueueState; onOpen?: () => void }) {
  const rows = () => [
    ...props.queue.steering.map((text) => ({ label: "Steer: ", color: theme.accentAlt, text })),
    ...props.queue.followUp.map((text) => ({ label: "Queued: ", color: theme.muted, text })),
  ]
  return (
    <Show when={rows().length > 0}>
      <box flexDirection="column" flexShrink={0} paddingX={1}>
        <For each={rows()}>
          {(row) => (
            <box flexDirection="row" height={1} onMouseUp={() => props.onOpen?.()}>
              <text flexShrink={0} fg={row.color}>
                {row.label}
              </text>
              <text wrapMode="none" truncate flexGrow={1} flexShrink={1} fg={theme.text}>
                {terminalLine(row.text.replace(/\s+/g, " ").trim())}
              </text>
            </box>
          )}
        </For>
        <text fg={theme.dim} wrapMode="none" truncate>
          Alt+↑ edit all · Alt+↓ or click: one
        </text>
      </box>
    </Show>
  )
}
