// One measured layout for every row: marker gutter, label cell (one third), a two-cell gap, description
// cell (the rest). Text wraps inside its cell; a row is as tall as its tallest cell; columns never stack.
import { allowsCustom, CUSTOM_LABEL, selectionRule, type AskQuestion } from "../../../../src/protocol/ask-user"
import { theme } from "../../../../src/tui/theme"
import {
  answerText,
  customSelected,
  isComplete,
  isSelected,
  sameFocus,
  visibleNotes,
  type DockState,
  type Focus,
  type Page,
} from "./state"
import { cellWidth, wrapField, wrapText } from "../../../../src/tui/util/wrap-text"

export interface Seg {
  text: string
  fg?: string
  bg?: string
  bold?: boolean
}

export interface BodyLine {
  segs: Seg[]
  target?: Focus
  /** The choice a line belongs to, for hover previews. */
  choice?: number
}

export interface BodyLayout {
  /** The question itself: drawn above the scrolling part, so it stays in view in short docks. */
  header: BodyLine[]
  lines: BodyLine[]
  /** Line span of each focus target (the action row lives outside the body and has none). */
  ranges: { focus: Focus; top: number; bottom: number }[]
}

export interface Columns {
  marker: number
  gutter: number
  label: number
  gap: number
  desc: number
}

export const GAP = 2
const CARET = 2

export function columns(width: number, marker: number): Columns {
  const gutter = CARET + marker
  const rest = Math.max(0, width - gutter - GAP)
  const label = Math.max(4, Math.floor((width - gutter) / 3))
  return { marker, gutter, label, gap: GAP, desc: Math.max(4, rest - label) }
}

export const recommendedMark = (labelWidth: number) => (labelWidth < 14 ? "(Rec.)" : "(Recommended)")

interface Cell {
  lines: Seg[][]
}

const plain = (lines: string[], fg: string, bold?: boolean): Cell => ({
  lines: lines.map((text) => [{ text, fg, bold }]),
})

/** A text field's cell: wrapped by characters, with the caret drawn as an inverted cell when focused. */
function fieldCell(text: string, width: number, caret: number | undefined, placeholder: string): Cell {
  if (caret === undefined) return plain(wrapText(text || placeholder, width), text ? theme.text : theme.dim)
  const field = wrapField(text, width, caret)
  return {
    lines: field.lines.map((line, i) => {
      if (i !== field.caret.line) return [{ text: line, fg: theme.text }]
      const chars = [...line]
      const at = chars.slice(0, field.caret.col).join("")
      const under = chars[field.caret.col] ?? " "
      return [
        { text: at, fg: theme.text },
        { text: under, fg: theme.panel, bg: theme.text },
        { text: chars.slice(field.caret.col + 1).join(""), fg: theme.text },
      ]
    }),
  }
}

function labelCell(label: string, width: number, recommended: boolean, fg: string, bold: boolean): Cell {
  const lines: Seg[][] = wrapText(label, width).map((text) => [{ text, fg, bold }])
  if (!recommended) return { lines }
  const mark = recommendedMark(width)
  const last = lines[lines.length - 1]!
  const used = cellWidth(last.map((s) => s.text).join(""))
  if (used + 1 + cellWidth(mark) <= width) last.push({ text: ` ${mark}`, fg: theme.warning })
  else lines.push([{ text: mark, fg: theme.warning }])
  return { lines }
}

function segWidth(segs: Seg[]) {
  return cellWidth(segs.map((s) => s.text).join(""))
}

/** Joins gutter, label and description cells line by line, padding each to its column. */
function row(cols: Columns, gutter: Seg[], label: Cell, desc: Cell, target: Focus, choice?: number): BodyLine[] {
  const height = Math.max(label.lines.length, desc.lines.length)
  const lines: BodyLine[] = []
  for (let i = 0; i < height; i++) {
    const g = i === 0 ? gutter : [{ text: "" }]
    const l = label.lines[i] ?? []
    const d = desc.lines[i] ?? []
    const segs: Seg[] = [
      ...g,
      { text: " ".repeat(Math.max(0, cols.gutter - segWidth(g))) },
      ...l,
      { text: " ".repeat(Math.max(0, cols.label - segWidth(l)) + cols.gap) },
      ...d,
    ]
    lines.push({ segs, target, choice })
  }
  return lines
}

const caretSeg = (focused: boolean): Seg => ({ text: focused ? "› " : "  ", fg: theme.accent, bold: true })

/** Digits reach rows 1-9 (actions.ts MAX_DIGIT); later rows keep the radio mark only. */
const NUMBERED = 9

/** Single choice: `1. ○` / `1. ●`, a radio mark that does not rely on colour; multiple: `✓` / `○`. */
export function markerWidth(q: AskQuestion) {
  return q.multiple ? 2 : cellWidth(`${NUMBERED}.`) + 3
}

export function pageLayout(q: AskQuestion, p: Page, cursor: number, width: number): BodyLayout {
  const cols = columns(width, markerWidth(q))
  const header: BodyLine[] = []
  const lines: BodyLine[] = []
  const ranges: BodyLayout["ranges"] = []
  const push = (focus: Focus, rows: BodyLine[]) => {
    ranges.push({ focus, top: lines.length, bottom: lines.length + rows.length - 1 })
    lines.push(...rows)
  }
  for (const text of wrapText(q.prompt, width)) header.push({ segs: [{ text, fg: theme.text, bold: true }] })
  const hint = q.multiple ? selectionRule(q) : undefined
  if (hint) for (const text of wrapText(hint, width)) header.push({ segs: [{ text, fg: theme.muted }] })
  lines.push({ segs: [{ text: "" }] })
  const marker = (selected: boolean, n: number): Seg => {
    const fg = selected ? theme.success : theme.muted
    if (q.multiple) return { text: selected ? "✓" : "○", fg, bold: selected }
    const number = n <= NUMBERED ? `${n}.` : ""
    return { text: `${number.padEnd(cellWidth(`${NUMBERED}.`))} ${selected ? "●" : "○"}`, fg, bold: selected }
  }
  const notes = new Set(visibleNotes(q, p))
  q.choices.forEach((c, index) => {
    const focus: Focus = { kind: "choice", index }
    const focused = sameFocus(p.focus, focus)
    const selected = isSelected(q, p, index)
    const fg = focused ? theme.accent : theme.text
    const label = labelCell(c.label, cols.label, !!c.recommended, fg, focused || selected)
    const desc = plain(wrapText(c.description ?? "", cols.desc), theme.muted)
    push(focus, row(cols, [caretSeg(focused), marker(selected, index + 1)], label, desc, focus, index))
    if (!notes.has(index)) return
    const note: Focus = { kind: "note", index }
    const noteFocused = sameFocus(p.focus, note)
    const noteCell = fieldCell(p.notes[index] ?? "", cols.desc, noteFocused ? cursor : undefined, "add a note")
    const noteLabel = plain(["↳ note"], noteFocused ? theme.accent : theme.muted)
    push(note, row(cols, [caretSeg(noteFocused)], noteLabel, noteCell, note, index))
  })
  if (allowsCustom(q)) {
    const focus: Focus = { kind: "custom" }
    const focused = sameFocus(p.focus, focus)
    const selected = customSelected(q, p)
    // With no choices (an agent's form asking for text) the typed answer is the answer, not "something else".
    const own = q.choices.length > 0
    const text = own ? CUSTOM_LABEL : "Your answer"
    const label = plain(wrapText(text, cols.label), focused ? theme.accent : theme.text, focused || selected)
    const field = fieldCell(
      p.custom,
      cols.desc,
      focused ? cursor : undefined,
      own ? "type your own answer" : "type it here",
    )
    push(focus, row(cols, [caretSeg(focused), marker(selected, q.choices.length + 1)], label, field, focus))
  }
  return { header, lines, ranges }
}

export function reviewLayout(questions: AskQuestion[], s: DockState, width: number): BodyLayout {
  const cols = columns(width, 2)
  const header: BodyLine[] = [{ segs: [{ text: "Review your answers", fg: theme.text, bold: true }] }]
  const lines: BodyLine[] = [{ segs: [] }]
  const ranges: BodyLayout["ranges"] = []
  questions.forEach((q, index) => {
    const p = s.pages[index]!
    const focus: Focus = { kind: "review", index }
    const focused = sameFocus(s.review.focus, focus)
    const done = isComplete(q, p)
    const mark: Seg = { text: done ? "✓" : "·", fg: done ? theme.success : theme.warning, bold: true }
    const label = plain(wrapText(q.label, cols.label), focused ? theme.accent : theme.text, true)
    const answer = answerText(q, p)
    const descLines: Seg[][] = wrapText(answer, cols.desc).map((text) => [{ text, fg: done ? theme.text : theme.dim }])
    for (const n of visibleNotes(q, p)) {
      const note = p.notes[n]!.trim()
      if (note) descLines.push(...wrapText(`note: ${note}`, cols.desc).map((text) => [{ text, fg: theme.muted }]))
    }
    const rows = row(cols, [caretSeg(focused), mark], label, { lines: descLines }, focus)
    ranges.push({ focus, top: lines.length, bottom: lines.length + rows.length - 1 })
    lines.push(...rows)
  })
  return { header, lines, ranges }
}
