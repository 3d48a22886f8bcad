// Measures the whole dock for a width and height budget: tab lines, the bounded body window, the sketch
// preview and the hint. The reducer and the view share it, so scrolling and drawing always agree.
import type { AskQuestion } from "../../../../src/protocol/ask-user"
import { CANVAS_WIDTH, projectSketch } from "../sketch/project"
import { viewport, type Viewport } from "../sketch/viewport"
import { pageLayout, reviewLayout, type BodyLayout } from "./layout"
import { isComplete, isReview, sameFocus, type DockState, type Focus } from "./state"
import { cellWidth, wrapText } from "../../../../src/tui/util/wrap-text"

export interface TabCell {
  tab: number
  text: string
  complete?: boolean
}

export interface SketchView extends Viewport {
  /** Frame inner width (the viewport width). */
  width: number
  overflow: boolean
}

export interface DockFrame {
  inner: number
  tabs: TabCell[][]
  body: BodyLayout
  /** The header lines that fit (the question's prompt), drawn above the body window. */
  header: BodyLayout["header"]
  bodyTop: number
  bodyHeight: number
  sketch?: SketchView
  /** The body's width: `inner`, or what is left of it beside the sketch preview. */
  bodyWidth: number
  /** The sketch preview is drawn beside the body, not below it. */
  beside: boolean
  action: string
  message: string[]
  hint: string[]
}

export const COMPACT_BELOW = 60
const MIN_BODY = 4
/** Columns between the choices and a preview beside them, and the least the choices keep there. */
export const BESIDE_GAP = 2
const BESIDE_MIN_BODY = 36
const projections = new Map<string, string[]>()

/** Projected rows of a sketch, memoized (sketches are validated before a dock opens). */
export function projected(sketch: string): string[] {
  const hit = projections.get(sketch)
  if (hit) return hit
  const p = projectSketch(sketch)
  const rows = p.ok ? p.rows : [p.reason]
  if (projections.size > 200) projections.clear()
  projections.set(sketch, rows)
  return rows
}

export function tabLines(questions: AskQuestion[], s: DockState, inner: number): TabCell[][] {
  const cells: TabCell[] = questions.map((q, tab) => {
    const complete = isComplete(q, s.pages[tab]!)
    return { tab, text: ` ${complete ? "✓" : "·"} ${q.label} `, complete }
  })
  cells.push({ tab: questions.length, text: " Review " })
  const lines: TabCell[][] = [[]]
  let used = 0
  for (const cell of cells) {
    const w = cellWidth(cell.text)
    if (used > 0 && used + 1 + w > inner) {
      lines.push([])
      used = 0
    }
    lines[lines.length - 1]!.push(cell)
    used += (used > 0 ? 1 : 0) + w
  }
  return lines
}

export function hintText(questions: AskQuestion[], s: DockState, width: number, pans: boolean): string {
  const q = questions[s.tab]
  if (width < COMPACT_BELOW) return `←→ ↑↓ space${q && !q.multiple ? " 1-9" : ""} n tab${pans ? " ⇧+arrows" : ""} · esc`
  const parts = ["←→ questions", "↑↓ move"]
  if (!q) parts.push("enter submit or open")
  else parts.push(q.multiple ? "space toggle" : "enter choose", "n note")
  parts.push("tab fields")
  if (pans) parts.push("shift+arrows pan")
  parts.push("esc cancel")
  return parts.join(" · ")
}

function previewChoice(s: DockState, focus: Focus): number | undefined {
  if (s.hover !== undefined) return s.hover
  return focus.kind === "choice" || focus.kind === "note" ? focus.index : undefined
}

/** Keeps the focused target inside the window; clamps to the content. */
export function reveal(body: BodyLayout, focus: Focus, scroll: number, height: number): number {
  let top = Math.min(Math.max(0, scroll), Math.max(0, body.lines.length - height))
  const range = body.ranges.find((r) => sameFocus(r.focus, focus))
  if (!range) return top
  if (range.bottom >= top + height) top = range.bottom - height + 1
  if (range.top < top) top = range.top
  return top
}

export function measure(questions: AskQuestion[], s: DockState, width: number, height: number): DockFrame {
  const inner = Math.max(10, width - 2)
  const review = isReview(questions, s)
  const q = questions[s.tab]
  const page = s.pages[s.tab]
  // A wide dock draws a question's sketches beside its choices (the whole canvas in its frame).
  const beside = !!(q && page && !review && q.uiSketch) && inner >= CANVAS_WIDTH + 2 + BESIDE_GAP + BESIDE_MIN_BODY
  const bodyWidth = beside ? inner - CANVAS_WIDTH - 2 - BESIDE_GAP : inner
  const body = review || !q || !page ? reviewLayout(questions, s, inner) : pageLayout(q, page, s.cursor, bodyWidth)
  const focus = review || !page ? s.review.focus : page.focus
  const tabs = tabLines(questions, s, inner)
  const action = review ? "Submit" : s.tab === questions.length - 1 ? "Review ›" : "Next ›"
  let sketch: SketchView | undefined
  let sketchRows = 0
  let hint = wrapText(hintText(questions, s, width, false), inner)
  const message = s.message ? wrapText(s.message.text, inner) : []
  // The prompt stays above the scrolling body, but leaves the body at least one line.
  const header = body.header.slice(0, Math.max(1, height - 1 - tabs.length - message.length - 1 - hint.length - 1))
  const fixed = () => 1 + tabs.length + header.length + message.length + 1 + hint.length
  if (q && page && !review && q.uiSketch) {
    const canvases = q.choices.map((c) => (c.sketch ? projected(c.sketch) : []))
    const canvasHeight = Math.max(1, ...canvases.map((c) => c.length))
    const viewWidth = Math.min(CANVAS_WIDTH, inner - 2)
    hint = wrapText(hintText(questions, s, width, viewWidth < CANVAS_WIDTH), inner)
    const room = height - fixed() - 2 - (beside ? 0 : Math.min(body.lines.length, MIN_BODY))
    const viewHeight = Math.max(1, Math.min(canvasHeight, room))
    const overflow = viewWidth < CANVAS_WIDTH || canvasHeight > viewHeight
    if (overflow !== viewWidth < CANVAS_WIDTH) hint = wrapText(hintText(questions, s, width, overflow), inner)
    const choice = previewChoice(s, focus)
    const rows = choice === undefined ? [] : (canvases[choice] ?? [])
    const view = viewport(rows, CANVAS_WIDTH, s.pan, { width: viewWidth, height: viewHeight })
    sketch = { ...view, width: viewWidth, overflow }
    sketchRows = beside ? 0 : viewHeight + 2
  }
  const bodyHeight = Math.max(1, Math.min(body.lines.length, height - fixed() - sketchRows))
  const bodyTop = reveal(body, focus, review || !page ? s.review.scroll : page.scroll, bodyHeight)
  return { inner, tabs, body, header, bodyTop, bodyHeight, sketch, bodyWidth, beside, action, message, hint }
}
