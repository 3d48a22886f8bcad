// Markdown prose → highlight ranges in the shape OpenTUI's tree-sitter queries produce for the
// `markdown` + `markdown_inline` grammars ([start, end, group, meta], string offsets), so the
// markdown element styles and conceals them exactly as before: heading and emphasis markers
// hidden, `[label](url)` drawn as `label (url)`, list markers coloured.
//
// A line scanner and CommonMark-style delimiter matching rather than a full parser: the element
// hands us one run of prose blocks at a time (code blocks, tables and quotes come separately),
// and what matters is that what models write (headings, lists, **strong**, *em*, `code`, links)
// looks right.

export type Highlight = [number, number, string, Record<string, unknown>?]

// Inline ranges carry `isInjection` as the inline grammar's do: a block-level conceal (a heading's
// `##`) also swallows the space after it, an inline one (`*`, a backtick) must not.
const CONCEAL = (text = ""): Record<string, unknown> => ({ conceal: text, isInjection: true })
const BLOCK_CONCEAL = { conceal: "" }
const ATX = /^( {0,3})(#{1,6})(?:[ \t]+|$)/
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const QUOTE = /^( {0,3}>[ \t]?)+/
const LIST = /^([ \t]*)([-+*]|\d{1,9}[.)])([ \t]+|$)/
const TASK = /^\[([ xX])\][ \t]/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const PUNCT = /[!-/:-@[-`{-~]/
const ENTITIES: Record<string, string> = { "&nbsp;": "", "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"' }

export function markdownHighlights(content: string): Highlight[] {
  const out: Highlight[] = []
  let fence: string | undefined
  let at = 0
  for (const line of content.split("\n")) {
    const start = at
    const end = start + line.length
    at = end + 1
    const open = FENCE.exec(line)
    if (fence !== undefined || open) {
      out.push([start, end, "markup.raw.block"])
      if (open && (fence === undefined || open[1]!.startsWith(fence))) {
        out.push([start, end, "conceal", BLOCK_CONCEAL])
        fence = fence === undefined ? open[1] : undefined
      }
      continue
    }
    if (HR.test(line)) {
      out.push([start, end, "punctuation.special"])
      continue
    }
    let from = 0
    const quote = QUOTE.exec(line)
    if (quote) {
      out.push([start, end, "markup.quote"], [start, start + quote[0].length, "punctuation.special"])
      from = quote[0].length
    }
    const rest = line.slice(from)
    const heading = ATX.exec(rest)
    if (heading) {
      const level = heading[2]!.length
      const marker = start + from + heading[1]!.length
      out.push([start + from, end, `markup.heading.${level}`])
      // Only H1 and H2 have a style of their own; deeper levels show their #s to tell them apart.
      if (level <= 2) out.push([marker, marker + level, "conceal", BLOCK_CONCEAL])
      from += heading[0].length
    } else {
      const item = LIST.exec(rest)
      if (item) {
        const markerAt = start + from + item[1]!.length
        out.push([markerAt, markerAt + item[2]!.length, "markup.list"])
        from += item[0].length
        const task = TASK.exec(line.slice(from))
        if (task) {
          out.push([start + from, start + from + 3, task[1] === " " ? "markup.list.unchecked" : "markup.list.checked"])
          from += task[0].length
        }
      }
    }
    inlineHighlights(line, from, start, out)
  }
  return out
}

interface Delim {
  char: string
  /** offset in the line */
  at: number
  length: number
  opener: boolean
  closer: boolean
}

/** Inline markup of `line` from `from` on; offsets in `out` are `base` + the line's. */
export function inlineHighlights(line: string, from: number, base: number, out: Highlight[]): void {
  const delims: Delim[] = []
  let i = from
  while (i < line.length) {
    const c = line[i]!
    if (c === "\\" && i + 1 < line.length && PUNCT.test(line[i + 1]!)) {
      out.push([base + i, base + i + 2, "string.escape"])
      i += 2
      continue
    }
    if (c === "`") {
      const n = runLength(line, i, "`")
      const close = findRun(line, i + n, "`", n)
      if (close < 0) {
        i += n
        continue
      }
      out.push([base + i, base + i + n, "conceal", CONCEAL()])
      out.push([base + i, base + close + n, "markup.raw"])
      out.push([base + close, base + close + n, "conceal", CONCEAL()])
      i = close + n
      continue
    }
    if (c === "<") {
      const m = /^<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/.exec(line.slice(i))
      if (m) {
        out.push([base + i, base + i + m[0].length, "markup.link.url"])
        i += m[0].length
        continue
      }
    }
    if (c === "&") {
      const m = /^&[a-z]+;/.exec(line.slice(i))
      if (m && m[0] in ENTITIES) {
        out.push([base + i, base + i + m[0].length, "character.special", CONCEAL(ENTITIES[m[0]])])
        i += m[0].length
        continue
      }
    }
    if (c === "[" || (c === "!" && line[i + 1] === "[")) {
      const used = link(line, i, base, out)
      if (used > 0) {
        i += used
        continue
      }
    }
    if (c === "*" || c === "_" || c === "~") {
      const n = runLength(line, i, c)
      const before = i > 0 ? line[i - 1]! : " "
      const after = i + n < line.length ? line[i + n]! : " "
      const left = !/\s/.test(after) && (!PUNCT.test(after) || /\s/.test(before) || PUNCT.test(before))
      const right = !/\s/.test(before) && (!PUNCT.test(before) || /\s/.test(after) || PUNCT.test(after))
      let opener = left
      let closer = right
      if (c === "_") {
        // no intraword emphasis with underscores
        opener = left && (!right || PUNCT.test(before))
        closer = right && (!left || PUNCT.test(after))
      }
      if (c !== "~" || n <= 2) delims.push({ char: c, at: i, length: n, opener, closer })
      i += n
      continue
    }
    i++
  }
  matchEmphasis(delims, base, out)
}

function runLength(line: string, at: number, ch: string): number {
  let n = 0
  while (line[at + n] === ch) n++
  return n
}

/** The next run of exactly `n` `ch` at or after `from`, or -1. */
function findRun(line: string, from: number, ch: string, n: number): number {
  for (let j = line.indexOf(ch, from); j >= 0; j = line.indexOf(ch, j + 1)) {
    const len = runLength(line, j, ch)
    if (len === n) return j
    j += len - 1
  }
  return -1
}

/** `[label](dest)` or `![alt](src)` at `at`: pushes its ranges and returns its length, or 0. */
function link(line: string, at: number, base: number, out: Highlight[]): number {
  const image = line[at] === "!"
  const open = image ? at + 1 : at
  let depth = 0
  let close = -1
  for (let j = open; j < line.length; j++) {
    const ch = line[j]
    if (ch === "\\") j++
    else if (ch === "[") depth++
    else if (ch === "]" && --depth === 0) {
      close = j
      break
    }
  }
  if (close < 0 || line[close + 1] !== "(") return 0
  let parens = 0
  let end = -1
  for (let j = close + 1; j < line.length; j++) {
    const ch = line[j]
    if (ch === "\\") j++
    else if (ch === "(") parens++
    else if (ch === ")" && --parens === 0) {
      end = j
      break
    }
  }
  if (end < 0) return 0
  const b = (n: number) => base + n
  const dest = line.slice(close + 2, end)
  const destEnd = close + 2 + (/^\S*/.exec(dest)?.[0].length ?? 0)
  if (image) {
    out.push([b(at), b(open + 1), "markup.link", CONCEAL()])
    out.push([b(open + 1), b(close), "markup.link.label"])
    out.push([b(close), b(end + 1), "markup.link", CONCEAL()])
    return end + 1 - at
  }
  out.push([b(at), b(at + 1), "conceal", CONCEAL()])
  out.push([b(at + 1), b(close), "markup.link.label"])
  inlineHighlights(line.slice(0, close), at + 1, base, out)
  out.push([b(close), b(close + 1), "conceal", CONCEAL(" ")])
  out.push([b(close + 1), b(close + 2), "markup.link"])
  out.push([b(close + 2), b(destEnd), "markup.link.url"])
  out.push([b(end), b(end + 1), "markup.link"])
  return end + 1 - at
}

/** Pairs delimiter runs (CommonMark's rule, simplified): the nearest opener of the same char. */
function matchEmphasis(delims: Delim[], base: number, out: Highlight[]): void {
  const openers: Delim[] = []
  for (const d of delims) {
    if (d.closer) {
      for (let k = openers.length - 1; k >= 0 && d.length > 0; k--) {
        const o = openers[k]!
        if (o.char !== d.char || o.length === 0) continue
        // "rule of three": a run that can both open and close does not pair across a multiple of 3
        if ((o.opener && o.closer) || (d.opener && d.closer))
          if ((o.length + d.length) % 3 === 0 && (o.length % 3 !== 0 || d.length % 3 !== 0)) continue
        const use = d.char === "~" ? Math.min(o.length, d.length) : o.length >= 2 && d.length >= 2 ? 2 : 1
        if (d.char === "~" && o.length !== d.length) continue
        const group = d.char === "~" ? "markup.strikethrough" : use === 2 ? "markup.strong" : "markup.italic"
        const openEnd = o.at + o.length
        const closeStart = d.at
        out.push([base + openEnd - use, base + openEnd, "conceal", CONCEAL()])
        out.push([base + openEnd - use, base + closeStart + use, group])
        out.push([base + closeStart, base + closeStart + use, "conceal", CONCEAL()])
        o.length -= use
        d.length -= use
        d.at += use
        openers.length = k + (o.length > 0 ? 1 : 0)
        if (d.length > 0) k = openers.length
      }
    }
    if (d.opener && d.length > 0) openers.push(d)
  }
}
