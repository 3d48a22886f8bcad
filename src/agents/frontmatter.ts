// The frontmatter of a Markdown file: a `---` line, YAML-ish `key: value` lines, a `---` line, then
// the body. Only the YAML a profile needs is read: plain, quoted and block (`|`, `>`) strings,
// lists (`[a, b]` or `- a` lines) and one level of map (`KEY: value` lines, or `{}`). Every value
// stays a string (no numbers, booleans or dates guessed), and every entry keeps its line, so a
// checker can name the line a mistake is on. A project's files come from a repository: nothing here
// is evaluated, and a construct it does not know is an error, never a guess.

export type FrontValue = string | string[] | Record<string, string>

export interface FrontEntry {
  key: string
  value: FrontValue
  /** 1-based line of the key in the file. */
  line: number
}

export interface Frontmatter {
  entries: FrontEntry[]
  body: string
  /** 1-based line the body starts on. */
  bodyLine: number
}

export class FrontmatterError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

const FENCE = /^---[ \t]*$/
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/
const MAP_KEY = /^([^\s:#'"[\]{},][^:]*?)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/

export function parseFrontmatter(text: string): Frontmatter {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  if (!FENCE.test(lines[0] ?? ""))
    throw new FrontmatterError(1, "no frontmatter: the file must start with a '---' line")
  const end = lines.findIndex((l, i) => i > 0 && (FENCE.test(l) || /^\.\.\.[ \t]*$/.test(l)))
  if (end < 0) throw new FrontmatterError(1, "the frontmatter has no closing '---' line")
  const entries: FrontEntry[] = []
  let i = 1
  while (i < end) {
    const raw = lines[i]!
    const lineNo = i + 1
    if (isBlank(raw)) {
      i++
      continue
    }
    if (/^\s/.test(raw)) throw new FrontmatterError(lineNo, "indented line with no key above it")
    const m = KEY_LINE.exec(raw)
    if (!m) throw new FrontmatterError(lineNo, `expected 'key: value', got ${quoteLine(raw)}`)
    const key = m[1]!
    if (entries.some((e) => e.key === key)) throw new FrontmatterError(lineNo, `'${key}' is set twice`)
    const inline = stripComment(m[2] ?? "")
    // The indented lines under the key: a block list, a block map, or a block string's lines.
    let j = i + 1
    while (j < end && (isBlank(lines[j]!) || /^[ \t]/.test(lines[j]!))) j++
    const block = lines.slice(i + 1, j)
    entries.push({ key, line: lineNo, value: value(inline, block, lineNo) })
    i = j
  }
  const body = lines.slice(end + 1).join("\n")
  return { entries, body, bodyLine: end + 2 }
}

function value(inline: string, block: string[], line: number): FrontValue {
  const filled = block.map((text, k) => ({ text, line: line + 1 + k })).filter((l) => !isBlank(l.text))
  if (/^[|>][+-]?$/.test(inline)) return blockString(inline, block)
  if (inline !== "") {
    if (filled.length) throw new FrontmatterError(filled[0]!.line, "indented line under a key that has a value")
    if (inline.startsWith("[")) return flowList(inline, line)
    if (inline.startsWith("{")) return flowMap(inline, line)
    return scalar(inline, line)
  }
  if (!filled.length) return ""
  if (filled.every((l) => /^\s+-(\s|$)/.test(l.text)))
    return filled.map((l) => scalar(stripComment(l.text.replace(/^\s+-\s*/, "")), l.line))
  if (filled.some((l) => /^\s+-(\s|$)/.test(l.text))) {
    const stray = filled.find((l) => !/^\s+-(\s|$)/.test(l.text))!
    throw new FrontmatterError(stray.line, `expected a '- item' line in the list, got ${quoteLine(stray.text)}`)
  }
  // YAML's plain string over several lines, folded into one (a map's lines all read `NAME: value`).
  if (!filled.every((l) => MAP_KEY.test(l.text.trim())))
    return filled.map((l) => scalarLine(l.text.trim(), l.line)).join(" ")
  const map: Record<string, string> = {}
  for (const l of filled) {
    const m = MAP_KEY.exec(l.text.trim())!
    const name = m[1]!
    if (Object.hasOwn(map, name)) throw new FrontmatterError(l.line, `'${name}' is set twice`)
    map[name] = scalar(stripComment(m[2] ?? ""), l.line)
  }
  return map
}

/** `|` keeps the lines, `>` folds them into one; the indentation of the first line is removed. */
function blockString(style: string, block: string[]): string {
  let last = block.length
  while (last > 0 && block[last - 1]!.trim() === "") last--
  const kept = block.slice(0, last)
  const indent = Math.min(...kept.filter((l) => l.trim() !== "").map((l) => /^[ \t]*/.exec(l)![0].length))
  const text = kept.map((l) => l.slice(Number.isFinite(indent) ? indent : 0))
  const joined = style.startsWith("|") ? text.join("\n") : text.join(" ").replace(/ {2,}/g, " ")
  return style.endsWith("-") ? joined : joined + (joined ? "\n" : "")
}

function flowList(text: string, line: number): string[] {
  if (!text.endsWith("]")) throw new FrontmatterError(line, "a '[' list must end with ']' on the same line")
  const inner = text.slice(1, -1).trim()
  return inner === "" ? [] : splitFlow(inner, line).map((item) => scalar(item, line))
}

function flowMap(text: string, line: number): Record<string, string> {
  if (!text.endsWith("}")) throw new FrontmatterError(line, "a '{' map must end with '}' on the same line")
  const inner = text.slice(1, -1).trim()
  const map: Record<string, string> = {}
  if (inner === "") return map
  for (const pair of splitFlow(inner, line)) {
    const m = /^([^\s:'"]+)\s*:\s*(.*)$/.exec(pair)
    if (!m) throw new FrontmatterError(line, `expected 'NAME: value' in the map, got ${quoteLine(pair)}`)
    if (Object.hasOwn(map, m[1]!)) throw new FrontmatterError(line, `'${m[1]}' is set twice`)
    map[m[1]!] = scalar(m[2]!, line)
  }
  return map
}

/** Splits on the commas outside quotes. */
function splitFlow(text: string, line: number): string[] {
  const parts: string[] = []
  let cur = ""
  let quote: string | undefined
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!
    if (quote) {
      cur += c
      if (c === "\\" && quote === '"') cur += text[++k] ?? ""
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") {
      quote = c
      cur += c
    } else if (c === ",") {
      parts.push(cur.trim())
      cur = ""
    } else if ("[]{}".includes(c)) {
      throw new FrontmatterError(line, "nested lists and maps are not read; write one value per item")
    } else cur += c
  }
  if (quote) throw new FrontmatterError(line, `unclosed ${quote} quote`)
  parts.push(cur.trim())
  if (parts.some((p) => p === "")) throw new FrontmatterError(line, "empty item in the list")
  return parts
}

function scalar(text: string, line: number): string {
  if (text.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) throw new FrontmatterError(line, `unclosed or broken "…" string`)
    try {
      return JSON.parse(text) as string
    } catch {
      throw new FrontmatterError(line, `a "…" string with an escape it cannot read: ${quoteLine(text)}`)
    }
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new FrontmatterError(line, "unclosed or broken '…' string")
    return text.slice(1, -1).replace(/''/g, "'")
  }
  if (/^[&*!%@`]/.test(text))
    throw new FrontmatterError(line, `${quoteLine(text)} starts with a YAML mark that is not read here; quote it`)
  return text
}

/** One line of a plain string over several lines: quotes and marks are not read there. */
function scalarLine(text: string, line: number): string {
  if (/^["'&*!%@`]/.test(text))
    throw new FrontmatterError(line, `${quoteLine(text)}: a string over several lines must be plain, or use '|'`)
  return stripComment(text)
}

/** ` # comment` ends a plain value; a `#` inside quotes or a word (`a#b`) does not. */
function stripComment(text: string): string {
  if (text.startsWith('"') || text.startsWith("'")) {
    const close = text.startsWith('"') ? /^"(?:[^"\\]|\\.)*"/.exec(text) : /^'(?:[^']|'')*'/.exec(text)
    if (close && /^\s*(#.*)?$/.test(text.slice(close[0].length))) return close[0]
    return text
  }
  if (text.startsWith("#")) return ""
  return text.replace(/\s+#.*$/, "").trim()
}

const isBlank = (line: string) => /^\s*(#.*)?$/.test(line)

/** A line quoted for a message (cut short: the caller sanitizes it before any terminal). */
function quoteLine(text: string): string {
  const t = text.trim()
  return JSON.stringify(t.length > 60 ? `${t.slice(0, 57)}...` : t)
}
