// Small display formatters shared by the status bar, working line and message rows.
import { shortDuration } from "../../util/duration"
import { homeDir } from "../../util/paths"

export function formatTokens(n: number): string {
  if (n < 1000) return String(n)
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`
  return `${(n / 1_000_000).toFixed(1)}M`
}

export function formatCost(cost: number): string {
  if (cost <= 0) return "$0"
  if (cost < 0.01) return `$${cost.toFixed(3)}`
  return `$${cost.toFixed(2)}`
}

/** `45s`, `2m`, `1h 5m` (src/util/duration.ts: bundled features' status texts use the same form). */
export const formatElapsed = shortDuration

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

export function formatAge(then: number, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - then) / 1000))
  if (s < 60) return "just now"
  if (s < 3600) return `${Math.floor(s / 60)}m ago`
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`
  return `${Math.floor(s / 86400)}d ago`
}

/** `~/x` for paths under home, so the status bar spends its columns on what differs. */
export function shortPath(path: string, home = homeDir()): string {
  if (home && (path === home || path.startsWith(home + "/"))) return "~" + path.slice(home.length)
  return path
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim()
  if (flat.length <= max) return flat
  return flat.slice(0, Math.max(0, max - 1)) + "…"
}

/** `text` in at most `cells` terminal cells: cut at the end with "…" when it does not fit. */
export function fitCells(text: string, cells: number): string {
  if (Bun.stringWidth(text) <= cells) return text
  if (cells <= 0) return ""
  let out = ""
  for (const ch of text) {
    if (Bun.stringWidth(out + ch) > cells - 1) break
    out += ch
  }
  return out + "…"
}

export function lineCount(text: string): number {
  if (!text) return 0
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0)
}
