// One row for each message sent before the session's command list came, above the composer:
// they are not lost, only waiting (see sending.ts).
import { For } from "solid-js"
import { theme } from "../../theme"
import type { Waiting } from "./sending"

export function WaitingRows(props: { waiting: Waiting[] }) {
  return (
    <For each={props.waiting}>
      {(e) => (
        <box flexDirection="row" height={1} flexShrink={0} paddingX={1}>
          <text flexShrink={0} fg={theme.muted}>
            {"Waiting for the session: "}
          </text>
          <text wrapMode="none" truncate flexGrow={1} flexShrink={1} fg={theme.text}>
            {e.text.replace(/\s+/g, " ").trim() || `${e.images.length} image(s)`}
          </text>
        </box>
      )}
    </For>
  )
}
