// A running child's progress as the agent tool's partial result (Pi's onUpdate): what an editor
// over ACP sees as the call's live content (tool_call_update), and a running agent row shows in
// the transcript. One short line of the child's state; at most one update per PROGRESS_MS, always
// the latest state, so a child streaming thousands of tokens a second sends a few updates, not one
// per token.
import type { AgentToolResult } from "@earendil-works/pi-coding-agent"
import { terminalLine } from "../../src/common/terminal-text"
import { elapsedText, type ChildState } from "./rules"

export const PROGRESS_MS = 250

/** `explore · Find the loader: running 12s · read · 1.2k in / 340 out`. */
export function progressText(child: ChildState, now = Date.now()): string {
  const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n))
  const since = child.startedAt ?? child.queuedAt
  const parts = [`${child.status === "queued" ? "waiting for a slot" : child.status} ${elapsedText(now - since)}`]
  if (child.latestTool) parts.push(child.latestTool)
  if (child.tokens) parts.push(`${k(child.tokens.input)} in / ${k(child.tokens.output)} out`)
  // Every part came from a profile file, the model's call or a child's tool: one plain line.
  return terminalLine(`${child.profile} · ${child.title}: ${parts.join(" · ")}`)
}

export interface ProgressReporter {
  /** The child's state changed: reported now, or at the end of the current interval. */
  change(child: ChildState): void
  /** No more reports (the call is returning its result). */
  stop(): void
}

/** Throttled reports of a child's state through the tool's `onUpdate`; none without one. */
export function progressReporter(
  onUpdate: ((partial: AgentToolResult<unknown>) => void) | undefined,
  interval = PROGRESS_MS,
): ProgressReporter {
  let latest: ChildState | undefined
  let lastSent = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const send = () => {
    timer = undefined
    if (stopped || !latest || !onUpdate) return
    lastSent = Date.now()
    onUpdate({ content: [{ type: "text", text: progressText(latest, lastSent) }], details: undefined })
  }
  return {
    change(child) {
      latest = child
      if (stopped || !onUpdate || timer) return
      const wait = lastSent + interval - Date.now()
      if (wait <= 0) send()
      else timer = setTimeout(send, wait)
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
