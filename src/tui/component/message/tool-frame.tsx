// The shape every tool row shares: a status glyph, the tool name, a one-line summary of what it
// was asked, an optional meta note, and a body (output, diff, preview) under a rule.
import { children, createMemo, Show, type JSX } from "solid-js"
import type { ToolItem } from "../../../protocol"
import { terminalText } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { useSpinner } from "../spinner"

function RunningGlyph() {
  const frame = useSpinner()
  return <span style={{ fg: theme.warning }}>{frame()}</span>
}

export function ToolFrame(props: {
  status: ToolItem["status"]
  /** Instead of the status's own glyph (a cancelled command's ⏹) */
  glyph?: string
  name: string
  summary: string
  meta?: string
  onToggle?: () => void
  children?: JSX.Element
}) {
  const glyph = () => props.glyph ?? (props.status === "done" ? "✓" : props.status === "error" ? "✗" : "○")
  const color = () => {
    if (props.glyph) return theme.warning
    return props.status === "done" ? theme.success : props.status === "error" ? theme.error : theme.dim
  }
  // The body is usually a <Show> that may render nothing: only a body with something in it gets
  // the rule (an empty bordered box still draws its rule on the next line).
  const body = children(() => props.children)
  const hasBody = () => body.toArray().some((c) => c !== undefined && c !== null && c !== false && c !== "")
  return (
    <box flexDirection="column" flexShrink={0} marginTop={1} paddingLeft={2} onMouseUp={() => props.onToggle?.()}>
      <text>
        <Show when={props.status === "running"} fallback={<span style={{ fg: color() }}>{glyph()}</span>}>
          <RunningGlyph />
        </Show>
        <span style={{ fg: theme.accent }}>{` ${props.name}`}</span>
        <span style={{ fg: theme.text }}>{props.summary ? ` ${terminalText(props.summary)}` : ""}</span>
        <span style={{ fg: props.status === "error" ? theme.error : theme.muted }}>
          {props.meta ? `  ${terminalText(props.meta)}` : ""}
        </span>
      </text>
      <Show when={hasBody()}>
        <box flexDirection="column" flexShrink={0} paddingLeft={1} border={["left"]} borderColor={theme.border}>
          {body()}
        </box>
      </Show>
    </box>
  )
}

/** The last (or first) `max` lines of `text`, plus how many were left out. */
export function clip(text: string, max: number, from: "start" | "end" = "end") {
  const lines = text.replace(/\n+$/, "").split("\n")
  if (lines.length <= max) return { text: lines.join("\n"), hidden: 0 }
  const kept = from === "end" ? lines.slice(lines.length - max) : lines.slice(0, max)
  return { text: kept.join("\n"), hidden: lines.length - max }
}

/** Output lines with a "N more lines" hint on the side that was clipped. */
export function OutputText(props: { text: string; max: number; from?: "start" | "end"; color?: string }) {
  const clipped = createMemo(() => clip(terminalText(props.text), props.max, props.from ?? "end"))
  const hint = () => `… ${clipped().hidden} more line${clipped().hidden === 1 ? "" : "s"} (ctrl+o)`
  return (
    <>
      <Show when={clipped().hidden > 0 && (props.from ?? "end") === "end"}>
        <text fg={theme.dim}>{hint()}</text>
      </Show>
      <Show when={clipped().text.length > 0}>
        <text fg={props.color ?? theme.toolOutput}>{clipped().text}</text>
      </Show>
      <Show when={clipped().hidden > 0 && props.from === "start"}>
        <text fg={theme.dim}>{hint()}</text>
      </Show>
    </>
  )
}

export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined
}

export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined
}

export function argsOf(item: ToolItem): Record<string, unknown> {
  return item.args && typeof item.args === "object" ? (item.args as Record<string, unknown>) : {}
}
