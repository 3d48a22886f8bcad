import { Show } from "solid-js"
import { theme } from "../../theme"
import { oneLine } from "../../util/format"

/** Folded: one muted line with the start of the thought. Open: the whole text, still muted. */
export function ThinkingBlock(props: { text: string; open: boolean; streaming: boolean; onToggle: () => void }) {
  return (
    <box flexDirection="column" flexShrink={0} paddingLeft={2} onMouseUp={() => props.onToggle()}>
      <Show
        when={props.open}
        fallback={
          <text fg={theme.dim} wrapMode="none">
            {`▸ Thinking${props.streaming ? "…" : ""} ${oneLine(props.text, 200)}`}
          </text>
        }
      >
        <text fg={theme.dim}>▾ Thinking</text>
        <text fg={theme.muted} attributes={2 /* DIM */ | 4 /* ITALIC */}>
          {props.text.trim()}
        </text>
      </Show>
    </box>
  )
}
