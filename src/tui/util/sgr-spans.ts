// A styled row (text with SGR sequences, as Pi components render) as spans of one style each, for
// OpenTUI to draw. Only SGR is read; any other sequence was removed by the host (styledText) and
// is removed again here with the rest of the terminal-text rules.
import { terminalText } from "../../common/terminal-text"

export interface SgrStyle {
  fg?: string
  bg?: string
  bold?: boolean
  dim?: boolean
  italic?: boolean
  underline?: boolean
  inverse?: boolean
  strike?: boolean
}

export interface SgrSpan extends SgrStyle {
  text: string
}

const SGR = /\u001b\[([0-9;:]*)m/g
const BASIC = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"]
const BRIGHT = ["#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]

const hex = (r: number, g: number, b: number) =>
  "#" + [r, g, b].map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, "0")).join("")

/** xterm's 256-colour palette. */
export function paletteColor(n: number): string {
  if (n < 8) return BASIC[n]!
  if (n < 16) return BRIGHT[n - 8]!
  if (n < 232) {
    const i = n - 16
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40)
    return hex(level(Math.floor(i / 36)), level(Math.floor(i / 6) % 6), level(i % 6))
  }
  const g = 8 + (n - 232) * 10
  return hex(g, g, g)
}

export function sgrSpans(line: string): SgrSpan[] {
  const spans: SgrSpan[] = []
  let style: SgrStyle = {}
  let last = 0
  const push = (raw: string) => {
    const text = terminalText(raw).replace(/\n/g, " ")
    if (!text) return
    const prev = spans.at(-1)
    if (prev && sameStyle(prev, style)) prev.text += text
    else spans.push({ ...style, text })
  }
  for (const m of line.matchAll(SGR)) {
    push(line.slice(last, m.index))
    style = apply(style, m[1]!)
    last = m.index + m[0].length
  }
  push(line.slice(last))
  return spans
}

function apply(current: SgrStyle, params: string): SgrStyle {
  const s = { ...current }
  const codes = params === "" ? [0] : params.split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)))
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!
    if (c === 0) for (const k of Object.keys(s)) delete s[k as keyof SgrStyle]
    else if (c === 1) s.bold = true
    else if (c === 2) s.dim = true
    else if (c === 3) s.italic = true
    else if (c === 4) s.underline = true
    else if (c === 7) s.inverse = true
    else if (c === 9) s.strike = true
    else if (c === 22) {
      delete s.bold
      delete s.dim
    } else if (c === 23) delete s.italic
    else if (c === 24) delete s.underline
    else if (c === 27) delete s.inverse
    else if (c === 29) delete s.strike
    else if (c >= 30 && c <= 37) s.fg = BASIC[c - 30]
    else if (c >= 90 && c <= 97) s.fg = BRIGHT[c - 90]
    else if (c >= 40 && c <= 47) s.bg = BASIC[c - 40]
    else if (c >= 100 && c <= 107) s.bg = BRIGHT[c - 100]
    else if (c === 39) delete s.fg
    else if (c === 49) delete s.bg
    else if (c === 38 || c === 48) {
      const key = c === 38 ? "fg" : "bg"
      if (codes[i + 1] === 5 && codes[i + 2] !== undefined) {
        s[key] = paletteColor(codes[i + 2]! & 255)
        i += 2
      } else if (codes[i + 1] === 2 && codes[i + 4] !== undefined) {
        s[key] = hex(codes[i + 2]!, codes[i + 3]!, codes[i + 4]!)
        i += 4
      }
    }
  }
  return s
}

function sameStyle(a: SgrStyle, b: SgrStyle): boolean {
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    !!a.bold === !!b.bold &&
    !!a.dim === !!b.dim &&
    !!a.italic === !!b.italic &&
    !!a.underline === !!b.underline &&
    !!a.inverse === !!b.inverse &&
    !!a.strike === !!b.strike
  )
}
