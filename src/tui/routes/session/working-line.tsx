// `⠋ Working (2m, 50 tok/s) – session name` while a reply runs.
import { Show } from "solid-js"
import { theme } from "../../theme"
import { formatElapsed } from "../../util/format"

/** Rough output speed from streamed characters (about four per token). */
export function tokensPerSecond(chars: number, elapsedMs: number): number {
  if (elapsedMs < 1000 || chars <= 0) return 0
  return Math.round(chars / 4 / (elapsedMs / 1000))
}

export function WorkingLine(props: {
  spinner: string
  startedAt?: number
  now: number
  chars: number
  message?: string
  name?: string
}) {
  const elapsed = () => (props.startedAt ? props.now - props.startedAt : 0)
  const detail = () => {
    const parts = [formatElapsed(elapsed())]
    const rate = tokensPerSecond(props.chars, elapsed())
    if (rate > 0) parts.push(`${rate} tok/s`)
    return ` (${parts.join(", ")})`
  }
  return (
    <box flexDirection="row" flexShrink={0} height={1} paddingX={1}>
      <text wrapMode="none">
        <span style={{ fg: theme.accent }}>{props.spinner}</span>
        <span style={{ fg: theme.text }}>{` ${props.message || "Working"}`}</span>
        <span style={{ fg: theme.muted }}>{detail()}</span>
        <Show when={props.name}>
          <span style={{ fg: theme.dim }}>{` – ${props.name}`}</span>
        </Show>
      </text>
    </box>
  )
}
