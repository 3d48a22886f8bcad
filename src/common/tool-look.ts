// How a bundled extension's tool reads in a transcript, through its own renderCall/renderResult
// (Pi's public API, drawn by the host for every window and by Pi itself): a head row shaped like
// the rows the window draws for Pi's tools (status glyph, name, what it was asked, a muted note)
// and, under a rule, lines of body. Pure: the extension hands in Pi's theme and the render context.
import { terminalText } from "./terminal-text"

type Token = "success" | "error" | "muted" | "accent" | "text" | "dim" | "warning"

/** The part of Pi's Theme this needs. */
export interface FgTheme {
  fg(color: Token, text: string): string
}

/** The part of Pi's ToolRenderContext this needs. */
export interface LookContext {
  isPartial: boolean
  isError: boolean
}

export function toolHead(
  theme: FgTheme,
  ctx: LookContext,
  o: { name: string; summary?: string; meta?: string },
): string {
  const glyph = ctx.isError ? theme.fg("error", "✗") : ctx.isPartial ? theme.fg("dim", "○") : theme.fg("success", "✓")
  const summary = o.summary ? " " + theme.fg("text", oneLine(o.summary, SUMMARY_CHARS)) : ""
  const meta = o.meta ? "  " + theme.fg(ctx.isError ? "error" : "muted", oneLine(o.meta, SUMMARY_CHARS)) : ""
  return `${glyph} ${theme.fg("accent", o.name)}${summary}${meta}`
}

/** Body lines under the head, each behind the rule the window's own tool rows draw. */
export function toolBody(theme: FgTheme, lines: readonly string[], color: Token = "muted"): string {
  return lines.map((l) => theme.fg("dim", "│ ") + theme.fg(color, oneLine(l, BODY_CHARS))).join("\n")
}

/** A failed call's text, folded to its first lines unless expanded. */
export function errorBody(theme: FgTheme, text: string, expanded: boolean): string {
  const lines = text.trim().split("\n")
  return toolBody(theme, expanded ? lines : lines.slice(0, 3), "error")
}

const SUMMARY_CHARS = 160
const BODY_CHARS = 400

/** One line of at most `max` characters, control characters out (a model wrote it). */
function oneLine(text: string, max: number): string {
  const flat = terminalText(text).replace(/\s+/g, " ").trim()
  return flat.length <= max ? flat : flat.slice(0, max - 1) + "…"
}
