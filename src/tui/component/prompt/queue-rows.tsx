// Messages waiting for the running turn, above the composer: steering first (delivered after the
// current tool calls), then follow-ups (after the turn ends).
import { For, Show } from "solid-js"
import type { QueueState } from "../../../protocol"
import { theme } from "../../theme"

export function QueueRows(props: { queue: QueueState }) {
  const rows = () => [
    ...props.queue.steering.map((text) => ({ label: "Steer: ", color: theme.accentAlt, text })),
    ...props.queue.followUp.map((text) => ({ label: "Queued: ", color: theme.muted, text })),
  ]
  return (
    <Show when={rows().length > 0}>
      <box flexDirection="column" flexShrink={0} paddingX={1}>
        <For each={rows()}>
          {(row) => (
            <box flexDirection="row" height={1}>
              <text flexShrink={0} fg={row.color}>
                {row.label}
              </text>
              <text wrapMode="none" truncate flexGrow={1} flexShrink={1} fg={theme.text}>
                {row.text.replace(/\s+/g, " ").trim()}
              </text>
            </box>
          )}
        </For>
        <text fg={theme.dim}>Alt+↑ to edit</text>
      </box>
    </Show>
  )
}
