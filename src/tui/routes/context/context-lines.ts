// /context's tabs as rows of coloured segments, cut to the width: run details, context usage and
// growth. Pure (the view and its tests share it). Every text from the report passes through the
// terminal sanitizer here; a figure nothing measured is `?`, an estimate is marked `≈`.
import type { ContextConfig, ContextReport, ContextRun, ContextSourceKind } from "../../../protocol"
import { terminalLine } from "../../../common/terminal-text"
import { fitCells } from "../../util/format"

export type Tone = "title" | "text" | "head" | "note" | "selected" | "sent" | "reserve" | "free" | "mark"
export interface Segment {
  text: string
  tone: Tone
}
export type Line = Segment[]

/** The legend's words, so a test can find them whole. */
export const UNMEASURED_LEGEND = "? not measured: the provider reports one total per request, not its parts"
export const ESTIMATE_LEGEND = "≈ an estimate (characters ÷ 4, as Pi estimates), not a measurement"
export const NOT_RECORDED = "current; runs before were not recorded"

const exact = (n: number) => n.toLocaleString("en-US")
const one = (tone: Tone, text: string, width: number): Line => [{ text: fitCells(text, width), tone }]
const blank: Line = []

/** Lines of `text` wrapped at spaces (then anywhere) into `width` cells, the first after `lead`. */
function wrapped(lead: string, text: string, width: number, tone: Tone, leadTone: Tone = "head"): Line[] {
  const pad = " ".repeat(lead.length)
  const room = Math.max(4, width - lead.length)
  const out: Line[] = []
  let rest = text
  while (rest.length > 0 || out.length === 0) {
    let cut = rest.length <= room ? rest.length : rest.lastIndexOf(" ", room)
    if (cut <= 0) cut = Math.min(room, rest.length)
    out.push([
      { text: out.length === 0 ? lead : pad, tone: leadTone },
      { text: fitCells(rest.slice(0, cut), room), tone },
    ])
    rest = rest.slice(cut).trimStart()
  }
  return out
}

const SOURCE: Record<ContextSourceKind, string> = {
  system: "SYSTEM.md",
  append: "APPEND_SYSTEM.md",
  context: "context file",
}

function listOf(names: readonly string[]): string {
  return names.length ? names.map(terminalLine).join(", ") : "none"
}

function configLines(c: ContextConfig, width: number): Line[] {
  const label = (s: string) => s.padEnd(15)
  const out: Line[] = []
  const sources = c.sources.length
    ? c.sources.map((s) => `${SOURCE[s.kind]} ${terminalLine(s.path)}`)
    : ["Pi's built-in prompt only"]
  sources.forEach((s, i) => out.push(...wrapped(label(i === 0 ? "system prompt" : ""), s, width, "text")))
  out.push(...wrapped(label("tools"), listOf(c.tools), width, "text"))
  out.push(...wrapped(label("MCP servers"), listOf(c.mcpServers), width, "text"))
  out.push(...wrapped(label("skills"), listOf(c.skills), width, "text"))
  out.push(...wrapped(label("extensions"), listOf(c.extensions), width, "text"))
  return out
}

/** At most `rows` runs around the selected one, newest last. */
function runWindow(runs: readonly ContextRun[], selected: number, rows: number): ContextRun[] {
  const start = Math.max(0, Math.min(selected - Math.floor(rows / 2), runs.length - rows))
  return runs.slice(start, start + rows)
}

export function runLines(r: ContextReport, selected: number, width: number): Line[] {
  const out: Line[] = []
  const label = (s: string) => s.padEnd(15)
  if (r.runs.length === 0) {
    out.push(one("note", "No runs yet: what a prompt sent now would run with.", width))
  } else {
    out.push(one("head", `Runs (↑↓ to choose): ${r.runs.length}`, width))
    for (const run of runWindow(r.runs, selected, 5)) {
      const mark = run.n - 1 === selected ? "▸" : " "
      const text = `${mark} ${String(run.n).padStart(3)}  ${terminalLine(run.prompt).replace(/\s+/g, " ").trim()}`
      out.push(one(run.n - 1 === selected ? "selected" : "text", text, width))
    }
  }
  out.push(blank)
  const run = r.runs[selected]
  if (run) {
    out.push(one("title", `Run ${run.n} of ${r.runs.length}`, width))
    const model = run.models.length
      ? `${listOf(run.models)} (recorded in its replies)`
      : `${terminalLine(r.current.model ?? "none")} (${NOT_RECORDED}; no reply yet)`
    out.push(...wrapped(label("model"), model, width, "text"))
    const effort = run.thinking
      ? `${terminalLine(run.thinking)} (recorded)`
      : `${terminalLine(r.current.thinking)} (${NOT_RECORDED})`
    out.push(...wrapped(label("effort"), effort, width, "text"))
    out.push(blank)
    out.push(...wrapped("", `The session file does not record these: ${NOT_RECORDED}.`, width, "note"))
  } else {
    out.push(...wrapped(label("model"), terminalLine(r.current.model ?? "none"), width, "text"))
    out.push(...wrapped(label("effort"), terminalLine(r.current.thinking), width, "text"))
  }
  out.push(...configLines(r.current, width))
  return out
}

/** The window as a bar: measured sent, the reserve, what is free; `?` cells where sent is unknown. */
export function usageBar(r: ContextReport, width: number): Line {
  const u = r.usage
  const cells = Math.max(10, width - 2)
  if (!u.contextWindow) return one("note", "window: ? (the model does not say its context window)", width)
  const scale = (n: number) => Math.round((Math.min(n, u.contextWindow!) / u.contextWindow!) * cells)
  const reserve = Math.min(cells, Math.max(1, scale(u.reserve)))
  if (!u.sent) {
    return [
      { text: "[", tone: "head" },
      { text: "?".repeat(cells - reserve), tone: "note" },
      { text: "▒".repeat(reserve), tone: "reserve" },
      { text: "]", tone: "head" },
    ]
  }
  const sent = Math.min(cells - reserve, scale(u.sent.total))
  return [
    { text: "[", tone: "head" },
    { text: "█".repeat(sent), tone: "sent" },
    { text: "░".repeat(Math.max(0, cells - reserve - sent)), tone: "free" },
    { text: "▒".repeat(reserve), tone: "reserve" },
    { text: "]", tone: "head" },
  ]
}

export function usageLines(r: ContextReport, width: number): Line[] {
  const u = r.usage
  const out: Line[] = []
  const window = u.contextWindow ? exact(u.contextWindow) : "?"
  out.push(one("title", `${terminalLine(r.current.model ?? "no model")} · window ${window} tokens`, width))
  out.push(usageBar(r, width))
  const sent = u.sent
  out.push([
    { text: "█", tone: "sent" },
    { text: " sent  ", tone: "note" },
    { text: "░", tone: "free" },
    { text: " free  ", tone: "note" },
    { text: "▒", tone: "reserve" },
    { text: " reserve", tone: "note" },
  ])
  if (sent)
    out.push(
      ...wrapped(
        "",
        `sent = input ${exact(sent.input)} + cache read ${exact(sent.cacheRead)} + cache write ${exact(sent.cacheWrite)}, as ${terminalLine(sent.model)} reported for the last request`,
        width,
        "note",
      ),
    )
  else out.push(...wrapped("", `sent: ? (${u.unmeasured ?? "not measured"})`, width, "note"))
  out.push(blank)
  // Two figure columns whatever the width; the names take what is left.
  const name = Math.max(10, width - 18)
  const row = (a: string, b: string, c: string): string =>
    fitCells(a, name).padEnd(name) + b.padStart(9) + c.padStart(9)
  out.push(one("head", row("contributor", "measured", "estimate"), width))
  for (const p of u.parts)
    out.push(one("text", row(p.name, p.tokens === undefined ? "?" : exact(p.tokens), `≈${exact(p.estimate)}`), width))
  const estimated = u.parts.reduce((n, p) => n + p.estimate, 0)
  out.push(one("text", row("sent, last request", sent ? exact(sent.total) : "?", `≈${exact(estimated)}`), width))
  out.push(one("text", row("reserve (settings)", exact(u.reserve), ""), width))
  out.push(one("text", row("free", free(r), ""), width))
  out.push(one("text", row("window (model)", window, ""), width))
  out.push(blank)
  out.push(...wrapped("", UNMEASURED_LEGEND, width, "note"))
  out.push(...wrapped("", ESTIMATE_LEGEND, width, "note"))
  return out
}

function free(r: ContextReport): string {
  const u = r.usage
  if (!u.contextWindow || !u.sent) return "?"
  return exact(Math.max(0, u.contextWindow - u.sent.total - u.reserve))
}

export function growthLines(r: ContextReport, width: number): Line[] {
  const out: Line[] = []
  const requests = r.growth.filter((g) => g.kind === "request")
  const compactions = r.growth.length - requests.length
  out.push(
    one(
      "title",
      `${requests.length} request${requests.length === 1 ? "" : "s"} · ${compactions} compaction${compactions === 1 ? "" : "s"}`,
      width,
    ),
  )
  if (requests.length === 0) return [...out, one("note", "No request yet.", width)]
  const top = r.usage.contextWindow ?? Math.max(1, ...requests.map((g) => g.tokens ?? 0))
  const lead = 4 + 5 + 10 + 2
  const bar = Math.max(4, width - lead)
  out.push(one("head", `${"#".padStart(4)}${"run".padStart(5)}${"sent".padStart(10)}`, width))
  for (const g of r.growth) {
    if (g.kind === "compaction") {
      out.push(one("mark", `  ── compacted from ${exact(g.tokensBefore)} tokens ──`, width))
      continue
    }
    const cells = g.tokens === undefined ? 0 : Math.max(1, Math.round((Math.min(g.tokens, top) / top) * bar))
    out.push([
      {
        text: `${String(g.n).padStart(4)}${String(g.run).padStart(5)}${(g.tokens === undefined ? "?" : exact(g.tokens)).padStart(10)}  `,
        tone: "text",
      },
      { text: "█".repeat(cells), tone: "sent" },
    ])
  }
  out.push(blank)
  out.push(
    ...wrapped(
      "",
      `Each request's size is what its reply's usage says it sent (input + cache read + cache write); ? where the provider reported none. Bars: share of ${r.usage.contextWindow ? "the window" : "the largest request"}.`,
      width,
      "note",
    ),
  )
  return out
}
