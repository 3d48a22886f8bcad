// Lines extensions put above or below the composer (ctx.ui.setWidget).
import { For, Show } from "solid-js"
import type { WidgetPlacement } from "../../../protocol"
import { theme } from "../../theme"

export function Widgets(props: {
  widgets: Record<string, { lines: string[]; placement: WidgetPlacement }>
  placement: WidgetPlacement
}) {
  const lines = () =>
    Object.values(props.widgets)
      .filter((w) => w && w.placement === props.placement)
      .flatMap((w) => w.lines)
  return (
    <Show when={lines().length > 0}>
      <box flexDirection="column" flexShrink={0} paddingX={1}>
        <For each={lines()}>{(line) => <text fg={theme.text}>{line}</text>}</For>
      </box>
    </Show>
  )
}
