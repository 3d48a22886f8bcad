// `capture-pane -e` text → lines with the style their first visible character had. Pi marks what a
// line is by style alone (bold tool titles, dim results, italic thinking), so its parser needs it.

export interface StyledLine {
  text: string
  bold: boolean
  dim: boolean
  italic: boolean
  /** The 256-colour foreground index of the first visible character, if one was set. */
  fg?: number
}

interface Sgr {
  bold: boolean
  dim: boolean
  italic: boolean
  fg?: number
}

function applySgr(state: Sgr, params: string): Sgr {
  const p = params === "" ? [0] : params.split(";").map(Number)
  const s = { ...state }
  for (let i = 0; i < p.length; i++) {
    const n = p[i]!
    if (n === 0) Object.assign(s, { bold: false, dim: false, italic: false, fg: undefined })
    else if (n === 1) s.bold = true
    else if (n === 2) s.dim = true
    else if (n === 3) s.italic = true
    else if (n === 22) Object.assign(s, { bold: false, dim: false })
    else if (n === 23) s.italic = false
    else if (n >= 30 && n <= 37) s.fg = n - 30
    else if (n >= 90 && n <= 97) s.fg = n - 90 + 8
    else if (n === 39) s.fg = undefined
    else if (n === 38 && p[i + 1] === 5) {
      s.fg = p[i + 2]
      i += 2
    } else if (n === 38 && p[i + 1] === 2) {
      s.fg = -1
      i += 4
    } else if (n === 48 && p[i + 1] === 5) i += 2
    else if (n === 48 && p[i + 1] === 2) i += 4
  }
  return s
}

/** Each captured line, its escapes dropped, styled as its first non-blank character is. */
export function styledLines(captured: string): StyledLine[] {
  return captured.split("\n").map((raw) => {
    let state: Sgr = { bold: false, dim: false, italic: false }
    let first: Sgr | undefined
    let text = ""
    const re = /\x1b\[([0-9;]*)m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^[\]]|([^\x1b]+)/g
    for (const m of raw.matchAll(re)) {
      if (m[1] !== undefined) state = applySgr(state, m[1])
      else if (m[2] !== undefined) {
        if (!first && m[2].trim()) first = state
        text += m[2]
      }
    }
    const f = first ?? { bold: false, dim: false, italic: false }
    return { text: text.replace(/\s+$/, ""), bold: f.bold, dim: f.dim, italic: f.italic, fg: f.fg }
  })
}
