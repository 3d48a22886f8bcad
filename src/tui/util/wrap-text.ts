// Cell-measured wrapping, so the dock can know every row's height before drawing (scrolling, alignment).

export const cellWidth = (s: string) => Bun.stringWidth(s)

/** Splits at cell `width`, keeping whole graphemes. */
function hardBreak(word: string, width: number): string[] {
  const parts: string[] = []
  let current = ""
  for (const ch of word) {
    if (current && cellWidth(current + ch) > width) {
      parts.push(current)
      current = ""
    }
    current += ch
  }
  parts.push(current)
  return parts
}

/** Word-wraps each paragraph of `text` into lines of at most `width` cells; always at least one line. */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width)
  const lines: string[] = []
  for (const paragraph of text.split("\n")) {
    let line = ""
    for (const word of paragraph.split(/(?<= )/)) {
      if (cellWidth(line + word.trimEnd()) <= w) {
        line += word
        continue
      }
      if (line.trim()) lines.push(line.trimEnd())
      line = ""
      const bare = word.trimEnd()
      const pieces = cellWidth(bare) > w ? hardBreak(bare, w) : [bare]
      lines.push(...pieces.slice(0, -1))
      line = pieces[pieces.length - 1]! + word.slice(bare.length)
    }
    lines.push(line.trimEnd())
  }
  return lines
}

/** Pads (never cuts) to `width` cells. */
export const pad = (s: string, width: number) => s + " ".repeat(Math.max(0, width - cellWidth(s)))

/**
 * Word-wraps editable text and reports where the caret at `cursor` (a code-unit offset) lands. Lines are
 * slices of the text, so every offset maps to one line and column.
 */
export function wrapField(text: string, width: number, cursor: number) {
  const w = Math.max(1, width)
  const starts = [0]
  let used = 0
  let offset = 0
  for (const token of text.match(/\S+\s*|\s+/g) ?? []) {
    const word = token.trimEnd()
    if (used > 0 && used + cellWidth(word) > w) {
      starts.push(offset)
      used = 0
    }
    // A word wider than the cell breaks at grapheme boundaries.
    let at = offset
    for (const ch of word) {
      if (used > 0 && used + cellWidth(ch) > w) {
        starts.push(at)
        used = 0
      }
      used += cellWidth(ch)
      at += ch.length
    }
    used += cellWidth(token.slice(word.length))
    offset += token.length
  }
  let line = 0
  while (line + 1 < starts.length && starts[line + 1]! <= cursor) line++
  const lines = starts.map((from, i) => text.slice(from, starts[i + 1] ?? text.length).trimEnd())
  let col = cellWidth(text.slice(starts[line], Math.min(cursor, starts[line + 1] ?? text.length)))
  // Spaces typed past a full line put the caret at the start of a fresh one, inside the cell.
  if (col >= w) {
    lines.splice(line + 1, 0, "")
    line++
    col = 0
  }
  return { lines, caret: { line, col } }
}
