// The highlighter behind `<reply_markdown>`: answers the markdown element's `highlightOnce`
// requests on the window's own thread instead of OpenTUI's tree-sitter worker.
//
// Why: the worker is a second JS engine in the window process (about 26 MB resident) that compiles
// tree-sitter and each grammar from WebAssembly before its first answer, and it re-parsed the
// growing paragraph on every streamed update. Measured on a 20,000-token reply it was about 60 % of
// the window's CPU (worker 350 ms + WebAssembly compilation 230 ms of 950 ms), and it doubled the
// CPU of opening a long session. The ranges below are computed in microseconds, so text is styled
// the frame it lands and no worker is ever started.
import type { TreeSitterClient } from "@opentui/core"
import { codeHighlights } from "./highlight-code"
import { markdownHighlights, type Highlight } from "./highlight-markdown"

export function highlightsFor(content: string, filetype: string): Highlight[] {
  try {
    return filetype === "markdown" ? markdownHighlights(content) : codeHighlights(content, filetype)
  } catch {
    // a highlighting bug must never cost the text: it is drawn plain
    return []
  }
}

/** The part of TreeSitterClient the markdown element's code blocks call. */
export const replyHighlighter = {
  highlightOnce: (content: string, filetype: string) =>
    Promise.resolve({ highlights: highlightsFor(content, filetype) }),
} as unknown as TreeSitterClient
