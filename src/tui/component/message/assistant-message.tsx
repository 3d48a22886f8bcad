import { createMemo, For, Match, Show, Switch } from "solid-js"
import type { AssistantItem, Block } from "../../../protocol"
import { terminalText } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { syntaxStyle } from "../../util/syntax"
import "../../patches/reply-markdown"
import { ThinkingBlock } from "./thinking-block"

type TextBlock = { type: "text" | "thinking"; text: string }

// Tables as wide as their cells, with a space either side of each cell's text.
const TABLE = { widthMode: "content", cellPaddingX: 1, wrapMode: "word" } as const

export function AssistantMessage(props: { item: AssistantItem; thinkingOpen: boolean; onToggleThinking: () => void }) {
  const visible = (b: Block) =>
    b.type === "text" || b.type === "thinking" ? b.text.trim().length > 0 : b.type === "image"
  const shown = createMemo(() => props.item.blocks.filter((b) => b && visible(b)))
  const marked = () =>
    props.item.stopReason === "error" || props.item.stopReason === "aborted" || props.item.stopReason === "length"
  // A reply that is only tool calls (their rows follow) or has not produced text yet takes no row.
  return (
    <Show when={shown().length > 0 || marked()}>
      <box flexDirection="column" flexShrink={0} marginTop={1}>
        <For each={shown()}>
          {(block, i) => (
            <Switch>
              <Match when={block.type === "text"}>
                {
                  // Text right under a thinking row would read as part of it.
                  <box paddingLeft={2} flexShrink={0} marginTop={shown()[i() - 1]?.type === "thinking" ? 1 : 0}>
                    <reply_markdown
                      content={terminalText((block as TextBlock).text)}
                      syntaxStyle={syntaxStyle()}
                      streaming={props.item.streaming}
                      fg={theme.text}
                      tableOptions={TABLE}
                      conceal
                    />
                  </box>
                }
              </Match>
              <Match when={block.type === "thinking"}>
                <ThinkingBlock
                  text={terminalText((block as TextBlock).text)}
                  open={props.thinkingOpen}
                  streaming={props.item.streaming}
                  onToggle={props.onToggleThinking}
                />
              </Match>
              <Match when={block.type === "image"}>
                <box paddingLeft={2} flexShrink={0}>
                  <text fg={theme.muted}>[image]</text>
                </box>
              </Match>
            </Switch>
          )}
        </For>
        {/* A text's own padding is not drawn: the box indents it like the reply's text. */}
        <box paddingLeft={2} flexShrink={0} flexDirection="column">
          <Show when={props.item.stopReason === "error"}>
            <text
              fg={theme.error}
            >{`✗ Error: ${terminalText(props.item.errorMessage ?? "the model request failed")}`}</text>
          </Show>
          <Show when={props.item.stopReason === "aborted"}>
            <text fg={theme.warning}>⏹ Interrupted</text>
          </Show>
          <Show when={props.item.stopReason === "length"}>
            <text fg={theme.warning}>… stopped at the output limit</text>
          </Show>
        </box>
      </box>
    </Show>
  )
}
