// The /usage dialog: the rows usage-lines.ts computes, coloured by their role.
import { TextAttributes } from "@opentui/core"
import { For } from "solid-js"
import type { Result } from "../../../protocol"
import { theme, themed } from "../../theme"
import { usageLines, type UsageLine } from "./usage-lines"

const COLOR = themed<UsageLine["tone"]>({ title: "text", head: "dim", row: "text", total: "accent", note: "muted" })

export function UsageView(props: { usage: Result<"session.usage">; width: number }) {
  return (
    <box flexDirection="column">
      <For each={usageLines(props.usage, props.width)}>
        {(line) => (
          <text
            flexShrink={0}
            wrapMode="none"
            fg={COLOR[line.tone]}
            attributes={line.tone === "title" ? TextAttributes.BOLD : TextAttributes.NONE}
          >
            {line.text}
          </text>
        )}
      </For>
      <text flexShrink={0} fg={theme.dim} marginTop={1}>
        Prices: the hosted Pi's model list · Esc closes
      </text>
    </box>
  )
}
