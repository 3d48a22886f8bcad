// Code blocks → highlight ranges (the groups the syntax style knows: keyword, string, comment,
// number, function, type, property, operator, punctuation). A single-pass tokenizer per language
// family: nowhere near a grammar, but it colours what a reader scans for, for every language a
// reply is likely to hold, in microseconds and on the window's own thread.
import type { Highlight } from "./highlight-markdown"

interface Lang {
  keywords: Set<string>
  constants: Set<string>
  types: Set<string>
  line: string[]
  block?: [string, string]
  /** quote characters; a backtick in JS-likes */
  quotes: string
  triple?: boolean
}

const words = (s: string) => new Set(s.split(" "))
const C_LIKE_CONSTANTS = words("true false null undefined nil None True False NaN Infinity this self super")

const JS: Lang = {
  keywords: words(
    "abstract as async await break case catch class const continue debugger declare default delete do else enum export extends finally for from function get if implements import in instanceof interface is keyof let namespace new of private protected public readonly return satisfies set static switch throw try type typeof var void while with yield",
  ),
  constants: C_LIKE_CONSTANTS,
  types: words("string number boolean any unknown never object symbol bigint void Promise Array Record Map Set Error"),
  line: ["//"],
  block: ["/*", "*/"],
  quotes: "'\"`",
}
const PY: Lang = {
  keywords: words(
    "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case",
  ),
  constants: C_LIKE_CONSTANTS,
  types: words("int float str bool list dict tuple set bytes object type"),
  line: ["#"],
  quotes: "'\"",
  triple: true,
}
const SH: Lang = {
  keywords: words(
    "if then else elif fi for while until do done case esac in function return local export set unset exit",
  ),
  constants: words("true false"),
  types: new Set(),
  line: ["#"],
  quotes: "'\"",
}
const C_FAMILY: Lang = {
  keywords: words(
    "as async await break case catch chan class const continue crate default defer do dyn else enum export extern fallthrough fn for func go goto if impl import in interface let loop match mod move mut namespace new package pub range ref return select static struct switch template throw trait try type typedef union unsafe use using var virtual where while pub comptime errdefer test",
  ),
  constants: C_LIKE_CONSTANTS,
  types: words(
    "int uint int8 int16 int32 int64 uint8 uint16 uint32 uint64 i8 i16 i32 i64 u8 u16 u32 u64 usize isize f32 f64 float double char bool byte rune string String str void long short Vec Option Result Self",
  ),
  line: ["//"],
  block: ["/*", "*/"],
  quotes: "'\"`",
}
const DATA: Lang = {
  keywords: new Set(),
  constants: C_LIKE_CONSTANTS,
  types: new Set(),
  line: ["#", "//"],
  quotes: "'\"",
}

const FAMILY: Record<string, Lang> = {
  typescript: JS,
  javascript: JS,
  tsx: JS,
  jsx: JS,
  python: PY,
  bash: SH,
  sh: SH,
  shell: SH,
  zsh: SH,
  fish: SH,
  dockerfile: SH,
  make: SH,
  c: C_FAMILY,
  cpp: C_FAMILY,
  go: C_FAMILY,
  rust: C_FAMILY,
  java: C_FAMILY,
  kotlin: C_FAMILY,
  swift: C_FAMILY,
  csharp: C_FAMILY,
  zig: C_FAMILY,
  scala: C_FAMILY,
  php: C_FAMILY,
}

const IDENT_START = /[A-Za-z_$]/
const IDENT = /[A-Za-z0-9_$]/
const NUMBER = /^(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)n?/
const OPERATORS = "+-*/%=!<>&|^~?:"
const PUNCTUATION = "()[]{},;."

export function codeHighlights(content: string, filetype: string): Highlight[] {
  const lang = FAMILY[filetype] ?? DATA
  const out: Highlight[] = []
  const n = content.length
  let i = 0
  let prevWord = ""
  while (i < n) {
    const c = content[i]!
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++
      continue
    }
    const lineComment = lang.line.find((m) => content.startsWith(m, i))
    if (lineComment && (lineComment !== "#" || i === 0 || /\s/.test(content[i - 1]!))) {
      const end = content.indexOf("\n", i)
      const stop = end < 0 ? n : end
      out.push([i, stop, "comment"])
      i = stop
      continue
    }
    if (lang.block && content.startsWith(lang.block[0], i)) {
      const end = content.indexOf(lang.block[1], i + lang.block[0].length)
      const stop = end < 0 ? n : end + lang.block[1].length
      out.push([i, stop, "comment"])
      i = stop
      continue
    }
    if (lang.quotes.includes(c)) {
      const stop = stringEnd(content, i, c, lang.triple === true)
      out.push([i, stop, "string"])
      i = stop
      continue
    }
    if (/\d/.test(c) && (i === 0 || !IDENT.test(content[i - 1]!))) {
      const m = NUMBER.exec(content.slice(i, i + 64))
      const len = m ? m[0].length : 1
      out.push([i, i + len, "number"])
      i += len
      continue
    }
    if (IDENT_START.test(c)) {
      let j = i + 1
      while (j < n && IDENT.test(content[j]!)) j++
      const word = content.slice(i, j)
      let k = j
      while (k < n && (content[k] === " " || content[k] === "\t")) k++
      const group = wordGroup(word, lang, content[i - 1], content[k], prevWord)
      if (group) out.push([i, j, group])
      prevWord = word
      i = j
      continue
    }
    if (OPERATORS.includes(c)) out.push([i, i + 1, "operator"])
    else if (PUNCTUATION.includes(c)) out.push([i, i + 1, "punctuation"])
    i++
  }
  return out
}

function wordGroup(word: string, lang: Lang, before: string | undefined, after: string | undefined, prev: string) {
  if (lang.keywords.has(word))
    return word === "import" || word === "from" || word === "export" ? "keyword.import" : "keyword"
  if (lang.constants.has(word)) return "constant"
  if (lang.types.has(word)) return "type.builtin"
  if (before === ".") return after === "(" ? "function.method" : "property"
  if (after === "(") return "function"
  if (prev === "class" || prev === "interface" || prev === "type" || prev === "struct" || prev === "enum") return "type"
  if (/^[A-Z][a-z0-9]/.test(word) && lang !== DATA) return "type"
  return undefined
}

/** Offset just past the string starting at `at` (escapes honoured; an unclosed one ends at its line). */
function stringEnd(content: string, at: number, quote: string, triple: boolean): number {
  if (triple && content.startsWith(quote.repeat(3), at)) {
    const end = content.indexOf(quote.repeat(3), at + 3)
    return end < 0 ? content.length : end + 3
  }
  for (let j = at + 1; j < content.length; j++) {
    const ch = content[j]
    if (ch === "\\") j++
    else if (ch === quote) return j + 1
    else if (ch === "\n" && quote !== "`") return j
  }
  return content.length
}
