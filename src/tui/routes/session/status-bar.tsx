// The bottom line: folder and branch, model, thinking level, tokens, cost, context use, and any
// extension status segments. Segments that do not fit are dropped, least important first.
import { For } from "solid-js"
import type { RemoteStatus, SessionInfo, SessionStats } from "../../../protocol"
import { terminalLine, terminalText } from "../../../common/terminal-text"
import { theme } from "../../theme"
import { formatCost, formatTokens, shortPath } from "../../util/format"
import { statusKeySegment } from "../../slots/registry"
import type { StatusSegment } from "../../slots/types"

export type Segment = StatusSegment

export function statusSegments(input: {
  cwd?: string
  branch?: string
  info?: SessionInfo
  stats: SessionStats
  extra: Record<string, string>
  mouse: boolean
  /** The window features' own segments (src/tui/slots), read from their state in the session's info. */
  features?: Segment[]
}): Segment[] {
  const out: Segment[] = []
  if (input.cwd) {
    const folder = shortPath(input.cwd) + (input.branch ? ` (${input.branch})` : "")
    out.push({ text: folder, color: theme.muted, rank: 3 })
  }
  if (input.info?.name) out.push({ text: input.info.name, color: theme.text, rank: 3 })
  const sandbox = sandboxSegment(input.info)
  if (sandbox) out.push(sandbox)
  const model = input.info?.model
  if (model) out.push({ text: model.name ?? model.id, color: theme.accent, rank: 0 })
  else if (input.info) out.push({ text: "no model", color: theme.warning, rank: 0 })
  if (input.info && input.info.thinkingLevel !== "off" && model?.reasoning !== false)
    out.push({ text: `think ${input.info.thinkingLevel}`, color: theme.accentAlt, rank: 4 })
  const t = input.stats.tokens
  if (t.input || t.output)
    out.push({ text: `↑${formatTokens(t.input)} ↓${formatTokens(t.output)}`, color: theme.muted, rank: 5 })
  if (input.stats.cost > 0) out.push({ text: formatCost(input.stats.cost), color: theme.muted, rank: 6 })
  const pct = input.stats.context?.percent
  if (pct !== null && pct !== undefined) {
    const color = pct >= 90 ? theme.error : pct >= 70 ? theme.warning : theme.muted
    out.push({ text: `ctx ${Math.round(pct)}%`, color, rank: 1 })
  } else if (input.stats.context) {
    // Known again after the next reply (as in Pi's footer): right after a compaction, say so.
    out.push({ text: "ctx ?", color: theme.muted, rank: 1 })
  }
  out.push(...(input.features ?? []))
  for (const [key, styled] of Object.entries(input.extra)) {
    // An extension may style its segment with Pi's theme: the segment keeps the bar's colour.
    const text = terminalText(styled).replace(/\n/g, " ")
    const own = text ? statusKeySegment(key, text) : undefined
    if (own) out.push(own)
    // Pi gives extension statuses a footer line of their own: here they outlast the token counts
    // and the cost (the person loaded the extension to see them), not the model or the thinking.
    else if (text) out.push({ text, color: theme.info, rank: 4.5 })
  }
  if (!input.mouse) out.push({ text: "mouse off (ctrl+s)", color: theme.warning, rank: 2 })
  // Extensions' texts, the session's name, the folder and its git branch are anyone's to write.
  return out.map((seg) => ({ ...seg, text: terminalLine(seg.text) }))
}

/** Said only when the agent is not confined: full access, or no sandbox on this machine. */
function sandboxSegment(info: SessionInfo | undefined): Segment | undefined {
  const sb = info?.sandbox
  if (!sb) return undefined
  if (sb.mode === "full") return { text: "full access: no sandbox", color: theme.warning, rank: 0 }
  if (sb.unsandboxed) return { text: "unsandboxed (no sandbox here)", color: theme.warning, rank: 0 }
  if (!sb.available) return { text: "no sandbox", color: theme.warning, rank: 0 }
  if (sb.scope === "read-only") return { text: "read-only", color: theme.info, rank: 2 }
  return undefined
}

const SEP = " · "

/**
 * Remote control (/rc): `rc` while it is on, `rc ●` while a device follows the session, `rc ?`
 * while a browser waits for the person's yes (it outlasts most segments: it needs an answer).
 */
export function remoteSegments(s: RemoteStatus | undefined): Segment[] {
  if (!s?.on) return []
  if (s.requests.length) return [{ text: "rc ?", color: theme.warning, rank: 0.5 }]
  const connected = s.devices.some((d) => d.connected)
  return [{ text: connected ? "rc ●" : "rc", color: connected ? theme.success : theme.muted, rank: 2 }]
}

/** The segments that fit in `width` columns, in their original order. */
export function fitSegments(segments: Segment[], width: number): Segment[] {
  const kept = [...segments]
  const size = (list: Segment[]) => list.reduce((n, s, i) => n + s.text.length + (i ? SEP.length : 0), 0)
  while (kept.length > 1 && size(kept) > width) {
    const worst = kept.reduce((w, s) => (s.rank > w.rank ? s : w), kept[0]!)
    kept.splice(kept.indexOf(worst), 1)
  }
  return kept
}

export function StatusBar(props: { segments: Segment[]; width: number }) {
  const shown = () => fitSegments(props.segments, Math.max(10, props.width - 2))
  return (
    <box flexDirection="row" flexShrink={0} height={1} paddingX={1}>
      <text wrapMode="none" truncate>
        <For each={shown()}>
          {(s, i) => (
            <>
              <span style={{ fg: theme.dim }}>{i() > 0 ? SEP : ""}</span>
              <span style={{ fg: s.color }}>{s.text}</span>
            </>
          )}
        </For>
      </text>
    </box>
  )
}
