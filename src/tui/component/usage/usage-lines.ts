// /usage as rows of text: per model and in total, tokens in/out, cache read/write and cost, for the
// session and for today, then the context in use. Pure, so the view and its tests share it.
import type { Result, UsageReport, UsageTotals } from "../../../protocol"
import { plural } from "../../../util/plural"
import { formatCost, formatTokens } from "../../util/format"

export interface UsageLine {
  text: string
  tone: "title" | "head" | "row" | "total" | "note"
}

const NUMS = [7, 8, 12, 9] as const
const HEAD = ["in", "out", "cache r/w", "cost"]

function cells(t: UsageTotals): string[] {
  return [
    formatTokens(t.input),
    formatTokens(t.output),
    `${formatTokens(t.cacheRead)}/${formatTokens(t.cacheWrite)}`,
    formatCost(t.cost),
  ]
}

function fit(text: string, width: number): string {
  return text.length <= width ? text.padEnd(width) : text.slice(0, Math.max(0, width - 1)) + "…"
}

function row(label: string, values: string[], width: number): string {
  const nameWidth = Math.max(8, width - 2 - NUMS.reduce((a, b) => a + b, 0))
  return "  " + fit(label, nameWidth) + values.map((v, i) => v.padStart(NUMS[i]!)).join("")
}

function report(title: string, r: UsageReport, width: number): UsageLine[] {
  const replies = `${r.total.replies} ${r.total.replies === 1 ? "reply" : "replies"}`
  const out: UsageLine[] = [{ text: `${title} · ${replies}`, tone: "title" }]
  if (r.total.replies === 0) return [...out, { text: "  no replies yet", tone: "note" }]
  out.push({ text: row("model", HEAD, width), tone: "head" })
  for (const m of r.models) out.push({ text: row(m.model, cells(m), width), tone: "row" })
  if (r.models.length > 1) out.push({ text: row("total", cells(r.total), width), tone: "total" })
  return out
}

export function usageLines(u: Result<"session.usage">, width: number): UsageLine[] {
  const lines = report("This session", u.session, width)
  const c = u.context
  if (c) {
    const used = c.tokens === null ? "unknown until the next reply" : formatTokens(c.tokens)
    const pct = c.percent === null ? "" : ` (${Math.round(c.percent)}%)`
    lines.push({ text: `  context: ${used} of ${formatTokens(c.contextWindow)} tokens${pct}`, tone: "note" })
  }
  lines.push({ text: "", tone: "note" })
  const sessions = plural(u.today.sessions, "session")
  lines.push(...report(`Today (${sessions})`, u.today, width))
  return lines
}
