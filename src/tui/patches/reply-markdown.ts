// `<reply_markdown>`: OpenTUI's markdown element, but text is on screen the frame it lands, never
// waiting for the tree-sitter worker.
//
// Why: MarkdownRenderable builds each block as a CodeRenderable highlighted by a worker. The
// worker's first highlight of a grammar takes 0.3-1 s (it loads the grammar, on a machine busy
// with Pi), and until it answers:
// - a prose block draws nothing unless `streaming` is on (only then does it get a styled preview
//   from marked's inline tokens). A reply that streams, ends in a tool call and finishes inside
//   one event batch is created non-streaming, so its text stayed blank under a tool row already
//   drawn until after the whole run; a resumed session's first frame was blank the same way.
// - a fenced code block that is streaming draws nothing at all (streaming code waits for its
//   highlights, so each delta does not flash unstyled), so code lagged the prose after it.
// Here prose always gets the preview, and a streaming code block shows its text plainly until its
// first highlight starts; after that OpenTUI's own streaming behaviour (keep the last highlighted
// text until the next one is ready) takes over. `streaming` keeps its other meanings.
//
// Highlighting comes from replyHighlighter (reply-highlighter.ts), on this thread, not from
// OpenTUI's tree-sitter worker.
//
// The overrides below replace private methods of MarkdownRenderable (docs/patches.md);
// XAGENT_NO_MARKDOWN_PATCH=1 makes each of them call OpenTUI's own at once.
import { CodeRenderable, MarkdownRenderable, type MarkdownOptions, type RenderContext } from "@opentui/core"
import { extend } from "@opentui/solid"
import { patchOn } from "../../util/patch-switch"
import { drawCodeMarks, markCodeBlock } from "../component/message/code-block-marks"
import { replyHighlighter } from "../component/message/reply-highlighter"

interface Internals {
  _streaming: boolean
  createInitialStyledText(token: unknown): unknown
  createCodeRenderable(token: unknown, id: string, marginBottom?: number): unknown
  applyCodeBlockRenderable(renderable: unknown, token: unknown, marginBottom: number): void
}

export class ReplyMarkdownRenderable extends MarkdownRenderable {
  constructor(ctx: RenderContext, options: MarkdownOptions) {
    super(ctx, { ...options, treeSitterClient: options.treeSitterClient ?? replyHighlighter })
    this.markCode()
    this.renderAfter = function (buffer) {
      drawCodeMarks(this, buffer)
    }
  }

  // Blocks are (re)built synchronously when content or streaming is set, so marking code blocks
  // right after keeps the marks in the same layout pass as the text.
  override get content(): string {
    return super.content
  }
  override set content(value: string) {
    super.content = value
    this.markCode()
  }
  override get streaming(): boolean {
    return super.streaming
  }
  override set streaming(value: boolean) {
    super.streaming = value
    this.markCode()
  }

  private markCode() {
    for (const block of this._blockStates) if (block.token.type === "code") markCodeBlock(block.renderable)
  }
}

const base = MarkdownRenderable.prototype as unknown as Internals
for (const name of ["createInitialStyledText", "createCodeRenderable", "applyCodeBlockRenderable"] as const)
  if (typeof base[name] !== "function") throw new Error(`@opentui/core changed: MarkdownRenderable has no ${name}`)

// Read per call, not at load, so one window process can be checked with the patch on and off.
const patched = () => patchOn("MARKDOWN_PATCH")

/** Before a streaming code block's first highlight has started, it draws its text unstyled. */
function showUntilHighlighted(markdown: Internals, renderable: unknown) {
  if (!markdown._streaming || !(renderable instanceof CodeRenderable) || !patched()) return
  if ((renderable as unknown as { _hadInitialContent?: boolean })._hadInitialContent) return
  renderable.drawUnstyledText = true
}

// Private in the typings, plain prototype methods at run time (the versions are pinned exactly).
const own = ReplyMarkdownRenderable.prototype as unknown as Internals
own.createInitialStyledText = function (this: Internals, token) {
  if (this._streaming || !patched()) return base.createInitialStyledText.call(this, token)
  this._streaming = true
  try {
    return base.createInitialStyledText.call(this, token)
  } finally {
    this._streaming = false
  }
}
own.createCodeRenderable = function (this: Internals, token, id, marginBottom) {
  const renderable = base.createCodeRenderable.call(this, token, id, marginBottom)
  showUntilHighlighted(this, renderable)
  return renderable
}
own.applyCodeBlockRenderable = function (this: Internals, renderable, token, marginBottom) {
  base.applyCodeBlockRenderable.call(this, renderable, token, marginBottom)
  showUntilHighlighted(this, renderable)
}

extend({ reply_markdown: ReplyMarkdownRenderable })

declare module "@opentui/solid" {
  interface OpenTUIComponents {
    reply_markdown: typeof ReplyMarkdownRenderable
  }
}
