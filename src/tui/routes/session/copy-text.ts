// Which text a `/copy` puts on the clipboard: always the source (the reply's Markdown, a code
// block's lines, the transcript as Markdown), never what the screen's cells hold, so there is no
// padding and no newline that wrapping put in.
import type { CopyTarget } from "../../commands"
import { codeBlocks } from "../../util/code-blocks"
import { plural } from "../../../util/plural"

export type Picked = { text: string; what: string } | { refused: string }

export async function copyText(
  target: CopyTarget,
  source: { lastReply: () => Promise<string | undefined>; all: () => string; side?: () => string | undefined },
): Promise<Picked> {
  if (target.kind === "side") {
    const text = source.side?.()
    return text ? { text, what: "the side answer" } : { refused: "No side answer to copy: ask one with /btw" }
  }
  if (target.kind === "all") {
    const text = source.all()
    return text ? { text, what: "the conversation" } : { refused: "Nothing to copy yet" }
  }
  const reply = await source.lastReply()
  if (!reply) return { refused: "No reply to copy yet" }
  if (target.kind === "reply") return { text: reply, what: "the last reply" }
  const blocks = codeBlocks(reply)
  if (blocks.length === 0) return { refused: "The last reply has no code block" }
  const n = target.n ?? blocks.length
  if (n > blocks.length)
    return { refused: `The last reply has ${plural(blocks.length, "code block")}: use /copy code 1-${blocks.length}` }
  const lines = blocks[n - 1]!.code.split("\n").length
  return { text: blocks[n - 1]!.code, what: `code block ${n} (${plural(lines, "line")})` }
}
