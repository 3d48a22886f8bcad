// Where a streaming reply may be cut for the scrollback: after its finished Markdown blocks, so the
// footer only ever holds the block still being written and drawing cost does not grow with the
// reply. Pure; the ledger (ledger.ts) keeps one cutter per reply and feeds it the text as it grows.
//
// A block is finished once a blank line outside a code fence is followed by a line that starts at
// the margin: whatever comes next, the blocks before it are drawn as they will stay. An indented
// line after a blank one may still belong to the block above (a list item's next paragraph,
// indented code), so it is no cut. A code fence is one block until it closes.
import type { AssistantItem, Block } from "../../protocol"

/** A position in a reply: `offset` characters into block `block`. */
export interface Cut {
  block: number
  offset: number
}

export const START: Cut = { block: 0, offset: 0 }

export const sameCut = (a: Cut, b: Cut) => a.block === b.block && a.offset === b.offset
export const beforeCut = (a: Cut, b: Cut) => a.block < b.block || (a.block === b.block && a.offset < b.offset)

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** Reads one text block as it grows; `cut` is where its finished blocks end (0: none yet). */
export class BlockCutter {
  private scanned = 0
  private fence: string | undefined
  private blank = false
  private content = false
  cut = 0

  constructor(from = 0) {
    this.scanned = from
    this.cut = from
  }

  /** Reads the complete lines `text` gained since the last call (only those: O(new text)). */
  feed(text: string): number {
    for (;;) {
      const end = text.indexOf("\n", this.scanned)
      // The line after a blank one needs only its first character to tell.
      if (this.blank && this.content && !this.fence && this.scanned < text.length) {
        const first = text[this.scanned]!
        if (first !== " " && first !== "\t" && first !== "\n" && first !== "\r") this.cut = this.scanned
      }
      if (end < 0) return this.cut
      const line = text.slice(this.scanned, end)
      this.scanned = end + 1
      const isBlank = line.trim().length === 0
      const mark = FENCE.exec(line)?.[1]
      if (this.fence) {
        if (mark && mark[0] === this.fence[0] && mark.length >= this.fence.length && line.trim() === mark)
          this.fence = undefined
      } else if (mark) this.fence = mark
      if (!isBlank) this.content = true
      this.blank = isBlank
    }
  }
}

const visibleText = (b: Block | undefined) =>
  !!b && (b.type === "text" || b.type === "thinking") && b.text.trim().length > 0

/** Where the finished part of a streaming reply ends: blocks before the last are done. */
export function stableCut(item: AssistantItem, cutter: { block: number; cutter: BlockCutter }): Cut {
  const last = item.blocks.length - 1
  if (last < 0) return START
  const block = item.blocks[last]
  if (block?.type !== "text") return { block: last, offset: 0 }
  if (cutter.block !== last) {
    cutter.block = last
    cutter.cutter = new BlockCutter()
  }
  return { block: last, offset: cutter.cutter.feed(block.text) }
}

/**
 * The reply between two cuts, as an item of its own to draw: the text, never the end markers
 * unless it runs to the end. Strings are copied, so a later delta cannot change what goes up.
 */
export function sliceReply(item: AssistantItem, from: Cut, to?: Cut): AssistantItem {
  const end = to ?? { block: item.blocks.length, offset: 0 }
  const blocks: Block[] = []
  for (let i = from.block; i <= end.block && i < item.blocks.length; i++) {
    const b = item.blocks[i]
    if (!b) continue
    const a = i === from.block ? from.offset : 0
    const z = i === end.block ? end.offset : undefined
    if (i === end.block && z === 0) break
    if (b.type === "text" || b.type === "thinking") {
      const text = b.text.slice(a, z).trimEnd()
      if (text.trim()) blocks.push({ type: b.type, text })
    } else if (a === 0) blocks.push({ ...b })
  }
  return {
    kind: "assistant",
    id: `${item.id}@${from.block}.${from.offset}`,
    blocks,
    streaming: false,
    timestamp: item.timestamp,
    ...(to ? {} : { stopReason: item.stopReason, errorMessage: item.errorMessage, model: item.model }),
  }
}

/** True when a slice draws nothing (empty text, no marker): no rows to write. */
export const drawsNothing = (item: AssistantItem) =>
  !item.blocks.some((b) => visibleText(b) || b.type === "image") &&
  item.stopReason !== "error" &&
  item.stopReason !== "aborted" &&
  item.stopReason !== "length"

/**
 * The part of a live reply after `cut`, for the footer. Reads through to the store, so deltas
 * still reach the drawn text; block objects keep their identity, so nothing is rebuilt per delta.
 */
export function tailView(item: AssistantItem, cut: Cut): AssistantItem {
  let sliced: Block | undefined
  const at = (i: number): Block => {
    const b = item.blocks[i]!
    if (i !== cut.block || cut.offset === 0 || !b || (b.type !== "text" && b.type !== "thinking")) return b
    sliced ??= {
      get type() {
        return (item.blocks[cut.block] as { type: "text" }).type
      },
      get text() {
        return (item.blocks[cut.block] as { text: string }).text.slice(cut.offset)
      },
    } as Block
    return sliced
  }
  // Everything else reads through to the store item as it is.
  return new Proxy(item, {
    get(target, key, receiver) {
      if (key !== "blocks") return Reflect.get(target, key, receiver)
      const out: Block[] = []
      for (let i = cut.block; i < target.blocks.length; i++) out.push(at(i))
      return out
    },
  })
}
