// Lines extensions put above or below the composer (ctx.ui.setWidget).
import { For, Show } from "solid-js"
import type { WidgetPlacement } from "../../../protocol"
import { theme } from "../../theme"
import { spanStyle } from "../../component/extension-component"
import { sgrSpans } from "../../util/sgr-spans"

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
        {/* Lines styled with Pi's theme keep their colours; every other byte is made safe to draw. */}
        <For each={lines()}>
          {(line) => (
            <text fg={theme.text}>
              <For each={sgrSpans(line)}>{(s) => <span style={spanStyle(s)}>{s.text}</span>}</For>
            </text>
          )}
        </For>
      </box>
    </Show>
  )
}
