// `⠋ Working (2m, 50 tok/s) – session name` while a reply runs.
import { Show } from "solid-js"
import type { AssistantItem } from "../../../protocol"
import { terminalLine, terminalText } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { formatElapsed } from "../../util/format"

/** Rough output speed from streamed characters (about four per token). */
export function tokensPerSecond(chars: number, elapsedMs: number): number {
  if (elapsedMs < 1000 || chars <= 0) return 0
  return Math.round(chars / 4 / (elapsedMs / 1000))
}

/** What a streaming reply has produced so far, and since when: the same in every window. */
export function replyRate(reply: AssistantItem): { chars: number; since: number } {
  let chars = 0
  for (const b of reply.blocks) if (b && (b.type === "text" || b.type === "thinking")) chars += b.text.length
  return { chars, since: reply.timestamp }
}

export function WorkingLine(props: {
  spinner: string
  startedAt?: number
  now: number
  /** The streaming reply's output; no rate while none streams (a tool runs, a question waits). */
  reply?: { chars: number; since: number }
  message?: string
  name?: string
}) {
  const elapsed = () => (props.startedAt ? props.now - props.startedAt : 0)
  const detail = () => {
    const parts = [formatElapsed(elapsed())]
    const rate = props.reply ? tokensPerSecond(props.reply.chars, props.now - props.reply.since) : 0
    if (rate > 0) parts.push(`${rate} tok/s`)
    return ` (${parts.join(", ")})`
  }
  return (
    <box flexDirection="row" flexShrink={0} height={1} paddingX={1}>
      <text wrapMode="none">
        {/* An extension's frames and message may carry colours: drawn as text, never as codes. */}
        <span style={{ fg: theme.accent }}>{props.spinner ? `${terminalText(props.spinner)} ` : ""}</span>
        <span style={{ fg: theme.text }}>{terminalText(props.message || "Working")}</span>
        <span style={{ fg: theme.muted }}>{detail()}</span>
        <Show when={props.name}>
          {/* A name may come from the model (the provisional name), an extension or the file. */}
          <span style={{ fg: theme.dim }}>{` – ${terminalLine(props.name ?? "")}`}</span>
        </Show>
      </text>
    </box>
  )
}
