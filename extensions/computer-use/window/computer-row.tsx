// A computer-use tool's row (extensions/computer-use): the action and its target, then what is
// known of it — `sent` (observe to know more), `observed`, `inconclusive`, or the error code and
// whether it may have acted — and a capture as an attachment mark, never its bytes.
import { Show } from "solid-js"
import type { ComputerDetails } from "../../../src/common/computer-use"
import { argsOf, num, OutputText, str, ToolFrame } from "../../../src/tui/component/message/tool-frame"
import type { ToolRowProps } from "../../../src/tui/component/message/tool-rows"
import { theme } from "../../../src/tui/theme"
import { oneLine } from "../../../src/tui/util/format"

/** What was asked, in a few words: the target, then the action's own arguments. */
export function computerSummary(args: Record<string, unknown>): string {
  const parts: string[] = []
  const x = num(args.x)
  const y = num(args.y)
  if (x !== undefined && y !== undefined) parts.push(`at ${x},${y}`)
  const target =
    str(args.elementId) ?? str(args.windowRef) ?? str(args.title) ?? (num(args.hwnd) ? `hwnd ${args.hwnd}` : undefined)
  if (target) parts.push(target)
  if (str(args.action)) parts.push(String(args.action))
  if (str(args.keys)) parts.push(String(args.keys))
  if (str(args.text) !== undefined) parts.push(JSON.stringify(args.text))
  if (str(args.value) !== undefined) parts.push(`= ${JSON.stringify(args.value)}`)
  if (str(args.target)) parts.push(String(args.target))
  if (str(args.query)) parts.push(`"${args.query}"`)
  if (str(args.windowTitle)) parts.push(`for "${args.windowTitle}"`)
  if (num(args.holdMs)) parts.push(`hold ${args.holdMs} ms`)
  return oneLine(parts.join(" "), 120)
}

export function computerMeta(status: string, d: ComputerDetails | undefined): string {
  if (!d) return ""
  const image = d.image ? `  [image ${d.image.width}×${d.image.height}]` : ""
  if (status === "error" || !d.ok) {
    const may = d.effect === "unknown" ? " · may have acted" : d.effect === "sent" ? " · sent" : ""
    return `${d.code ?? "failed"}${may}`
  }
  const v = d.verification === "sent" ? "sent, not verified" : d.verification
  return `${v}${image}`
}

export function ComputerToolRow(props: ToolRowProps) {
  const d = () => props.item.details as ComputerDetails | undefined
  const failed = () => props.item.status === "error"
  return (
    <ToolFrame
      status={props.item.status}
      name={props.item.name}
      summary={computerSummary(argsOf(props.item))}
      meta={computerMeta(props.item.status, d())}
      onToggle={props.onToggle}
    >
      <Show when={(failed() || props.open) && (props.item.output ?? "").trim()}>
        <OutputText
          text={props.item.output ?? ""}
          max={props.open ? 200 : 2}
          from="start"
          color={failed() ? theme.error : theme.muted}
        />
      </Show>
    </ToolFrame>
  )
}
