// The fenced code blocks of a Markdown text, as their source: what `/copy code [n]` puts on the
// clipboard. CommonMark's fence rules: ``` or ~~~ (three or more, up to three spaces in), closed by
// a fence of the same character at least as long; an unclosed block runs to the end.

export interface CodeBlock {
  lang: string
  code: string
}

const OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  let open: { indent: number; fence: string; lang: string; lines: string[] } | undefined
  for (const line of markdown.split("\n")) {
    if (!open) {
      const m = OPEN.exec(line)
      // A backtick fence's info string may not hold a backtick.
      if (m && !(m[2]![0] === "`" && m[3]!.includes("`")))
        open = { indent: m[1]!.length, fence: m[2]!, lang: m[3]!.trim().split(/\s+/)[0] ?? "", lines: [] }
      continue
    }
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
    if (close && close[1]![0] === open.fence[0] && close[1]!.length >= open.fence.length) {
      blocks.push({ lang: open.lang, code: open.lines.join("\n") })
      open = undefined
      continue
    }
    // The opening fence's indentation is taken off each content line (no more than it has).
    const strip = Math.min(open.indent, /^ */.exec(line)![0].length)
    open.lines.push(line.slice(strip))
  }
  if (open) blocks.push({ lang: open.lang, code: open.lines.join("\n") })
  return blocks
}
