// Marks a reply's fenced code blocks as code: a rule down their left edge, and `↪` where a line too
// long for the window goes on, so a soft wrap never reads as a real line break in the code
// (a wrapped `foo(` / `bar)` looks like two lines a user could copy as they are).
//
// A code block is a text buffer, which draws only its text (no padding, no render hooks), so the
// block gets a left margin and the markdown element draws the marks into it after its own pass,
// from the wrap the text buffer actually made (lineWraps): they follow resizes and streaming.
import { CodeRenderable, RGBA, type OptimizedBuffer, type Renderable } from "@opentui/core"
import { theme } from "../../theme"

const RULE = "│"
const WRAP = "↪"
const GUTTER = 2
const marked = new WeakSet<CodeRenderable>()

/** Makes room for the marks of a code block; other blocks are left as they are. */
export function markCodeBlock(block: unknown): void {
  if (!(block instanceof CodeRenderable) || marked.has(block)) return
  marked.add(block)
  block.marginLeft = GUTTER
  block.width = "auto"
  block.wrapMode = "char"
}

/** Draws the marks of the marked code blocks among `parent`'s children. */
export function drawCodeMarks(parent: Renderable, buffer: OptimizedBuffer): void {
  for (const child of parent.getChildren()) {
    if (!(child instanceof CodeRenderable) || !marked.has(child)) continue
    const wraps = child.lineInfo.lineWraps
    const top = Math.trunc(child.scrollY)
    const rows = Math.min(child.height, wraps.length - top)
    const x = child.screenX - GUTTER
    const ruleFg = RGBA.fromHex(theme.border)
    const wrapFg = RGBA.fromHex(theme.muted)
    for (let row = 0; row < rows; row++) {
      const continued = (wraps[top + row] ?? 0) > 0
      buffer.drawText(continued ? WRAP : RULE, x, child.screenY + row, continued ? wrapFg : ruleFg)
    }
  }
}
