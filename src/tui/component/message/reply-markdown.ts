// `<reply_markdown>`: OpenTUI's markdown element, but a finished reply's text is drawn at once.
//
// Why: MarkdownRenderable builds each block as a markdown CodeRenderable. While `streaming` it hands
// that block a styled preview (marked's inline tokens: bold, code spans, links) drawn until the
// tree-sitter worker answers; once `streaming` is false it gives none, so the block draws nothing
// until the worker's highlights arrive. The worker's first highlight in a process takes 0.3-1 s
// (it loads the grammar, on a machine busy with Pi), and a reply that streams, ends in a tool call
// and finishes inside one event batch is created non-streaming: its text stayed blank under a
// tool row already drawn, until after the whole run. A resumed session's first frame was blank
// for the same reason. Here the preview is built whatever `streaming` says; the highlighted text
// still replaces it when it comes, and `streaming` keeps its other meanings (final parse, tables,
// code blocks).
import { MarkdownRenderable } from "@opentui/core"
import { extend } from "@opentui/solid"

interface Internals {
  _streaming: boolean
  createInitialStyledText(token: unknown): unknown
}

export class ReplyMarkdownRenderable extends MarkdownRenderable {}

const base = (MarkdownRenderable.prototype as unknown as Internals).createInitialStyledText
if (typeof base !== "function") throw new Error("@opentui/core changed: MarkdownRenderable has no createInitialStyledText")

// Private in the typings, a plain prototype method at run time (the versions are pinned exactly).
;(ReplyMarkdownRenderable.prototype as unknown as Internals).createInitialStyledText = function (
  this: Internals,
  token: unknown,
) {
  if (this._streaming) return base.call(this, token)
  this._streaming = true
  try {
    return base.call(this, token)
  } finally {
    this._streaming = false
  }
}

extend({ reply_markdown: ReplyMarkdownRenderable })

declare module "@opentui/solid" {
  interface OpenTUIComponents {
    reply_markdown: typeof ReplyMarkdownRenderable
  }
}
