// One line above the transcript when the link to the session is not healthy, or it ended.
import { Show } from "solid-js"
import type { Connection } from "../../context/client"
import { theme } from "../../theme"

export function bannerText(input: {
  connection: Connection
  closedReason?: string
  failure?: string
}): { text: string; color: string } | undefined {
  const c = input.connection
  if (c.state === "failed") return { text: `Could not connect: ${c.reason}`, color: theme.error }
  if (input.failure) return { text: `Could not open the session: ${input.failure}`, color: theme.error }
  if (c.state === "lost") return { text: `Connection lost: ${c.reason}`, color: theme.error }
  if (c.state === "degraded") return { text: `Connection degraded: ${c.reason}`, color: theme.warning }
  if (input.closedReason) return { text: `Session closed: ${input.closedReason}`, color: theme.warning }
  return undefined
}

export function ConnectionBanner(props: { text?: string; color?: string }) {
  return (
    <Show when={props.text}>
      <box flexShrink={0} paddingX={1} backgroundColor={theme.panel}>
        <text fg={props.color ?? theme.error} wrapMode="word">
          {props.text}
        </text>
      </box>
    </Show>
  )
}
