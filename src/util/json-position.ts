// Where a JSON text goes wrong, as a line and column. Bun's JSON.parse says what it expected but
// not where, and a person fixing a hand-edited settings or models file needs the place: this
// walks the text by JSON's grammar only when JSON.parse has already refused it.

export interface JsonProblem {
  line: number
  column: number
  /** JSON.parse's own words. */
  message: string
}

/** Undefined when `text` (a leading BOM allowed, as Pi allows it) is valid JSON. */
export function jsonProblem(text: string): JsonProblem | undefined {
  const body = text.replace(/^\uFEFF/, "")
  try {
    JSON.parse(body)
    return undefined
  } catch (e) {
    const at = failingOffset(body)
    const before = body.slice(0, at).split("\n")
    return {
      line: before.length,
      column: before[before.length - 1]!.length + 1,
      message: e instanceof Error ? e.message : String(e),
    }
  }
}

export const describeJsonProblem = (p: JsonProblem) => `line ${p.line}, column ${p.column}: ${p.message}`

class Stop {
  constructor(readonly at: number) {}
}

/** The offset of the first character JSON's grammar does not allow (the end for a cut-short text). */
function failingOffset(s: string): number {
  let i = 0
  const fail = (): never => {
    throw new Stop(i)
  }
  const space = () => {
    while (i < s.length && " \t\n\r".includes(s[i]!)) i++
  }
  const word = (w: string) => {
    for (const ch of w) if (s[i++] !== ch) ((i -= 1), fail())
  }
  const string = () => {
    if (s[i] !== '"') fail()
    i++
    while (i < s.length && s[i] !== '"') {
      const c = s.charCodeAt(i)
      if (c < 0x20) fail()
      if (s[i] === "\\") {
        i++
        if (s[i] === "u") {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(s[i + k] ?? "")) ((i += k), fail())
          i += 4
        } else if (!'"\\/bfnrt'.includes(s[i] ?? "x")) fail()
      }
      i++
    }
    if (i >= s.length) fail()
    i++
  }
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(s.slice(i))
    if (!m) fail()
    i += m![0].length
  }
  const value = (): void => {
    space()
    const c = s[i]
    if (c === "{") {
      i++
      space()
      if (s[i] === "}") return void i++
      for (;;) {
        space()
        string()
        space()
        if (s[i] !== ":") fail()
        i++
        value()
        space()
        if (s[i] === ",") i++
        else if (s[i] === "}") return void i++
        else fail()
      }
    }
    if (c === "[") {
      i++
      space()
      if (s[i] === "]") return void i++
      for (;;) {
        value()
        space()
        if (s[i] === ",") i++
        else if (s[i] === "]") return void i++
        else fail()
      }
    }
    if (c === '"') return string()
    if (c === "t") return word("true")
    if (c === "f") return word("false")
    if (c === "n") return word("null")
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number()
    fail()
  }
  try {
    value()
    space()
    if (i < s.length) fail()
    return s.length
  } catch (e) {
    if (e instanceof Stop) return Math.min(e.at, s.length)
    throw e
  }
}
