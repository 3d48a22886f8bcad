// A captured frame as reviewable text: each row as drawn, and under it the colour runs of that row
// named by the Pi theme token they come from (the snapshots draw with the built-in dark theme), so a
// snapshot diff shows a shifted border or a changed colour on the very row it happens.
import { TextAttributes, type CapturedFrame, type CapturedLine, type CapturedSpan, type RGBA } from "@opentui/core"
import { BUILTIN_THEMES } from "../../../src/tui/theme"
import dark from "../../../src/tui/themes/dark.json"

const hex = (c: RGBA) => {
  const [r, g, b, a] = c.toInts()
  const rgb = "#" + [r, g, b].map((v) => v!.toString(16).padStart(2, "0")).join("")
  return a === 255 ? rgb : `${rgb}@${a}`
}

// A colour is named by the theme's own words: its variable where a token uses one ("blue",
// "violet"), else the first token that has it. The name says which colour is drawn, not which role
// asked for it, so a refactor that keeps the look keeps the snapshot.
const NAMES = new Map<string, string>()
const vars = (dark as { vars: Record<string, string> }).vars
const raw = (dark as { colors: Record<string, unknown> }).colors
for (const [token, value] of Object.entries(BUILTIN_THEMES.dark.colors)) {
  const rawValue = raw[token]
  const name = typeof rawValue === "string" && rawValue in vars ? rawValue : token
  const key = typeof value === "string" ? value.toLowerCase() : ""
  if (/^#[0-9a-f]{6}$/.test(key) && (!NAMES.has(key) || (name in vars && !(NAMES.get(key)! in vars))))
    NAMES.set(key, name)
}
/** The default foreground and the guessed dark terminal's background, where no token gives one. */
const GUESSED: Record<string, string> = { "#e5e5e7": "terminalFg", "#000000": "terminalBg" }

const nameOf = (c: RGBA) => {
  const h = hex(c)
  return NAMES.get(h) ?? GUESSED[h] ?? h
}

const ATTRS: [number, string][] = [
  [TextAttributes.BOLD, "bold"],
  [TextAttributes.DIM, "dim"],
  [TextAttributes.ITALIC, "italic"],
  [TextAttributes.UNDERLINE, "underline"],
  [TextAttributes.BLINK, "blink"],
  [TextAttributes.INVERSE, "inverse"],
  [TextAttributes.HIDDEN, "hidden"],
  [TextAttributes.STRIKETHROUGH, "strike"],
]

/** Whether the span's blanks show nothing: no background of its own, no mark drawn on a blank. */
const bare = (span: CapturedSpan) =>
  span.bg.toInts()[3] === 0 &&
  !(span.attributes & (TextAttributes.UNDERLINE | TextAttributes.INVERSE | TextAttributes.STRIKETHROUGH))

/** What a span looks like, or "" when it shows nothing (blanks on the terminal's own background). */
function styleOf(span: CapturedSpan): string {
  const transparent = span.bg.toInts()[3] === 0
  const marks = ATTRS.filter(([bit]) => span.attributes & bit).map(([, name]) => name)
  if (!span.text.trim() && bare(span)) return ""
  // A blank's foreground is never seen: only its background counts.
  const fg = span.text.trim() ? nameOf(span.fg) : ""
  const bg = transparent ? "" : "/" + nameOf(span.bg)
  return [fg + bg, ...marks].join(" ")
}

/**
 * `start-end style` for each run of one look (columns from 0, end inclusive). Blanks on the
 * terminal's background show nothing, so a run neither starts nor ends on them and runs of one look
 * with only such blanks between are one: padding moved from one span to another changes nothing.
 */
function runsOf(line: CapturedLine): string {
  const runs: { start: number; end: number; style: string; bare: boolean }[] = []
  let col = 0
  for (const span of line.spans) {
    const style = styleOf(span)
    const trim = bare(span)
    // Blanks are one cell each, so the cells trimmed off are the characters trimmed off.
    const start = col + (trim ? span.text.length - span.text.trimStart().length : 0)
    const end = col + span.width - 1 - (trim ? span.text.length - span.text.trimEnd().length : 0)
    const last = runs.at(-1)
    // Across a gap only when the gap shows nothing and neither do the run's own blanks.
    if (style && last?.style === style && (last.end === start - 1 || (trim && last.bare))) last.end = end
    else if (style) runs.push({ start, end, style, bare: trim })
    col += span.width
  }
  return runs.map((r) => `${r.start === r.end ? r.start : `${r.start}-${r.end}`} ${r.style}`).join(", ")
}

/**
 * The frame as text: `|` then the row (trailing blanks cut), and for a row with anything coloured a
 * `  ~ ` line of its runs. The first line gives the size and where the cursor is.
 */
export function encodeFrame(frame: CapturedFrame, opts: { cursor?: boolean } = {}): string {
  const out = [`${frame.cols}x${frame.rows}` + (opts.cursor === false ? "" : ` cursor ${frame.cursor.join(",")}`)]
  for (const line of frame.lines) {
    out.push(("|" + line.spans.map((s) => s.text).join("")).trimEnd())
    const runs = runsOf(line)
    if (runs) out.push("  ~ " + runs)
  }
  return out.join("\n")
}
