import type { BoxRenderable } from "@opentui/core"
import { createSignal, Show } from "solid-js"
import { theme } from "../../theme"
import { fitCells, oneLine } from "../../util/format"
import { useThinkingLook } from "./thinking-look"

/**
 * Folded: one muted line with the start of the thought (only the label under Pi's
 * hideThinkingBlock). Open: the whole text, still muted.
 */
export function ThinkingBlock(props: { text: string; open: boolean; streaming: boolean; onToggle: () => void }) {
  const look = useThinkingLook()
  // The row's cells, so a thought cut short says so ("…") rather than stop at the edge.
  const [cells, setCells] = createSignal(Number.MAX_SAFE_INTEGER)
  const folded = () =>
    fitCells(
      `▸ ${look.label()}${props.streaming ? "…" : ""}` + (look.hidden() ? "" : ` ${oneLine(props.text, 200)}`),
      cells(),
    )
  return (
    <box
      flexDirection="column"
      flexShrink={0}
      paddingLeft={2}
      onMouseUp={() => props.onToggle()}
      onSizeChange={function (this: BoxRenderable) {
        setCells(Math.max(1, this.width - 2))
      }}
    >
      <Show
        when={props.open}
        fallback={
          <text fg={theme.dim} wrapMode="none">
            {folded()}
          </text>
        }
      >
        <text fg={theme.dim}>{`▾ ${look.label()}`}</text>
        <text fg={theme.thinking} attributes={2 /* DIM */ | 4 /* ITALIC */}>
          {props.text.trim()}
        </text>
      </Show>
    </box>
  )
}
