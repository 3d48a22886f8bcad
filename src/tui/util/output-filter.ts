// Drops what would not change the screen from the window's terminal output. OpenTUI's renderer
// writes every changed run of cells as reset, move, foreground, background, text
// (`ESC[0m ESC[2;5H ESC[38;2;222;224;225m ESC[49m text`), so a streamed paragraph's runs, all in
// one colour, were two thirds escape sequences (172 bytes a token against pi's 100). This filter
// keeps in view the terminal's attributes (SGR) and the ones the program asked for, and writes a
// change only before something that draws: text, and the erases, scrolls and line feeds that fill
// with the current background. It also follows the cursor across plain ASCII, so a move a few cells
// along the same row goes as a short relative one. What reaches the screen is the same; a sequence
// it does not model passes through untouched and leaves the state unknown (the attributes until the
// next reset, the cursor until the next absolute move).

import { applyEffect, BG, effectOf, lined, plain, quickEffect, same, SLOTS, transition, type Sgr } from "./sgr-state"

const ESC = 0x1b

/** CSI finals that only move the cursor, set a mode or ask something: the attributes do not matter. */
const MOVES = new Set("HfABCDEFGdea`nc".split("").map((c) => c.charCodeAt(0)))

export class OutputFilter {
  /** `columns`: the terminal's width now; text that reaches past it wraps, and the cursor is lost. */
  constructor(private readonly columns: () => number = () => Infinity) {}

  /** What the terminal has; undefined when a sequence left it unknown. */
  private term: Sgr | undefined = plain()
  /** What the program asked for; undefined while it is unknown (its SGRs then pass through as they are). */
  private want: Sgr | undefined = plain()
  /** The bytes of a sequence cut off at the end of the last chunk. */
  private carry: Uint8Array | undefined
  private out = new Uint8Array(0)
  private len = 0
  /** Where the cursor is (1-based), or 0 when not known. */
  private row = 0
  private col = 0

  /** The chunk, rewritten; a sequence cut off at its end waits for the next chunk (see `end`). */
  push(chunk: Uint8Array): Uint8Array {
    let input = chunk
    if (this.carry) {
      input = new Uint8Array(this.carry.length + chunk.length)
      input.set(this.carry)
      input.set(chunk, this.carry.length)
      this.carry = undefined
    }
    this.len = 0
    this.reserve(input.length + 64)
    let i = 0
    const n = input.length
    while (i < n) {
      const b = input[i]!
      if (b !== ESC) {
        // a run of text and controls up to the next ESC
        let j = input.indexOf(ESC, i)
        if (j < 0) j = n
        this.text(input, i, j)
        i = j
        continue
      }
      const end = sequenceEnd(input, i)
      if (end < 0) {
        // cut off: keep it for the next chunk, unless it has grown past anything a terminal takes
        if (n - i > CARRY_LIMIT) {
          this.settle()
          this.copy(input, i, n)
          this.term = this.want = undefined
        } else this.carry = input.slice(i)
        break
      }
      this.sequence(input, i, end)
      i = end
    }
    // Between writes the terminal has what the program asked for: whatever writes next finds it so.
    this.settle()
    return this.out.subarray(0, this.len)
  }

  /** A sequence still cut off, as it came (the stream is ending). */
  end(): Uint8Array {
    const rest = this.carry ?? new Uint8Array(0)
    this.carry = undefined
    return rest
  }

  private text(input: Uint8Array, from: number, to: number): void {
    // Carriage return, backspace, tab and bell only move the cursor or ring; anything else may draw
    // or scroll (a line feed at the bottom fills a new line with the current background).
    this.follow(input, from, to)
    let k = from
    while (k < to && isMove(input[k]!)) k++
    if (k === to) return this.copy(input, from, to)
    this.copy(input, from, k)
    let blank = true
    for (let m = k; m < to && blank; m++) blank = input[m] === 0x20
    if (blank) this.settleForBlanks()
    else this.settle()
    this.copy(input, k, to)
  }

  /**
   * Before a run of spaces only the background shows, unless a line is drawn through or under the
   * cells or their colours are swapped: OpenTUI gives the blanks around a paragraph another
   * foreground than its words, and switching colours for cells that show none was a third of a
   * streamed reply's sequences.
   */
  private settleForBlanks(): void {
    const { term, want } = this
    if (!term || !want || lined(term) || lined(want)) return this.settle()
    if (term[BG] === want[BG]) return
    const bg = term.slice()
    bg[BG] = want[BG]!
    this.settleTo(bg)
  }

  /** The cursor after plain text: printable ASCII moves it a cell, anything else loses it. */
  private follow(input: Uint8Array, from: number, to: number): void {
    if (!this.row) return
    for (let k = from; k < to; k++) {
      const c = input[k]!
      if (c >= 0x20 && c <= 0x7e) this.col++
      else if (c === 0x0d) this.col = 1
      else if (c === 0x07) continue
      else {
        this.row = this.col = 0
        return
      }
    }
    // at the last column the next character wraps (or the cursor waits to): relative moves are off
    if (this.col >= this.columns()) this.row = this.col = 0
  }

  /** CUP: none when the cursor is already there, a relative move along the row when shorter. */
  private moveTo(input: Uint8Array, from: number, to: number): void {
    // `row;col`, either left out for 1; anything else is passed on and the cursor is lost
    let row = 0
    let col = 0
    let second = false
    for (let k = from + 2; k < to - 1; k++) {
      const c = input[k]!
      if (c === 0x3b && !second) second = true
      else if (c >= 0x30 && c <= 0x39) {
        if (second) col = col * 10 + c - 0x30
        else row = row * 10 + c - 0x30
      } else {
        this.row = this.col = 0
        return this.copy(input, from, to)
      }
    }
    row = Math.max(1, row)
    col = Math.max(1, col)
    if (this.row === row && this.col <= col) {
      const ahead = col - this.col
      if (ahead > 0) this.ascii(ahead === 1 ? "\x1b[C" : `\x1b[${ahead}C`)
    } else this.copy(input, from, to)
    this.row = row
    this.col = col
  }

  private sequence(input: Uint8Array, from: number, to: number): void {
    const kind = input[from + 1]
    if (kind === 0x5b) {
      // CSI: parameters, intermediates, final
      const final = input[to - 1]!
      if (to - from < 3 || final < 0x40 || final > 0x7e) {
        // cut short by a control: the terminal drops it; passed on all the same
        this.row = this.col = 0
        this.settle()
        return this.copy(input, from, to)
      }
      const privateMark = input[from + 2]! >= 0x3c && input[from + 2]! <= 0x3f
      const intermediate = to - from > 3 && input[to - 2]! >= 0x20 && input[to - 2]! <= 0x2f
      if (final === 0x6d && !privateMark && !intermediate) return this.sgr(input, from, to)
      if ((final === 0x48 || final === 0x66) && !privateMark && !intermediate) return this.moveTo(input, from, to)
      if (!keepsCursor(input, from, to)) this.row = this.col = 0
      if (privateMark || intermediate || MOVES.has(final)) return this.copy(input, from, to)
      // erases, scrolls, inserts: they fill with the current background
      this.settle()
      return this.copy(input, from, to)
    }
    if (kind === 0x5d || kind === 0x50 || kind === 0x5f || kind === 0x5e || kind === 0x58) {
      // OSC, DCS, APC, PM, SOS: strings that draw nothing in a cell (an image may move the cursor)
      if (kind !== 0x5d) this.row = this.col = 0
      return this.copy(input, from, to)
    }
    this.row = this.col = 0
    if (kind === 0x63) {
      // RIS: the terminal starts over
      this.copy(input, from, to)
      this.term = plain()
      this.want = plain()
      return
    }
    if (kind !== undefined && kind >= 0x20 && kind <= 0x2f) return this.copy(input, from, to) // charset designations
    // ESC 7 saves the attributes, ESC 8 restores them, ESC M may scroll: the terminal is brought
    // up to date first, and after a restore nothing is known.
    this.settle()
    this.copy(input, from, to)
    if (kind === 0x38) this.term = this.want = undefined
  }

  private sgr(input: Uint8Array, from: number, to: number): void {
    const effect = quickEffect(input, from + 2, to - 1) ?? effectOf(latin1(input, from + 2, to - 1))
    if (effect && this.want) return applyEffect(this.want, effect)
    if (effect && effect[0]?.[0] === -1) {
      // Unknown until a reset: from a reset on it is known again.
      this.want = plain()
      return applyEffect(this.want, effect)
    }
    // Not modelled: the terminal gets what was asked so far, then this as it came.
    this.settle()
    this.copy(input, from, to)
    this.term = this.want = undefined
  }

  /** Brings the terminal's attributes to the ones asked for. */
  private settle(): void {
    if (this.want) this.settleTo(this.want)
  }

  private settleTo(to: Sgr): void {
    if (this.term && same(this.term, to)) return
    this.ascii(transition(this.term, to))
    if (this.term) for (let i = 0; i < SLOTS; i++) this.term[i] = to[i]!
    else this.term = to.slice()
  }

  private ascii(seq: string): void {
    this.reserve(this.len + seq.length)
    for (let k = 0; k < seq.length; k++) this.out[this.len++] = seq.charCodeAt(k)
  }

  private copy(input: Uint8Array, from: number, to: number): void {
    this.reserve(this.len + (to - from))
    this.out.set(input.subarray(from, to), this.len)
    this.len += to - from
  }

  private reserve(size: number): void {
    if (size <= this.out.length) return
    const grown = new Uint8Array(Math.max(size, this.out.length * 2))
    grown.set(this.out.subarray(0, this.len))
    this.out = grown
  }
}

/** Cursor visibility and synchronized output (`?25`, `?2026`) leave the cursor where it is. */
function keepsCursor(input: Uint8Array, from: number, to: number): boolean {
  const seq = latin1(input, from + 2, to)
  return seq === "?25h" || seq === "?25l" || seq === "?2026h" || seq === "?2026l"
}

/** An unterminated string sequence this long is passed on as it is rather than held. */
const CARRY_LIMIT = 1 << 20

const isMove = (b: number) => b === 0x0d || b === 0x08 || b === 0x09 || b === 0x07

function latin1(input: Uint8Array, from: number, to: number): string {
  let s = ""
  for (let k = from; k < to; k++) s += String.fromCharCode(input[k]!)
  return s
}

/** Where the escape sequence at `at` ends (exclusive), or -1 when the chunk ends first. */
function sequenceEnd(input: Uint8Array, at: number): number {
  const n = input.length
  if (at + 1 >= n) return -1
  const kind = input[at + 1]!
  if (kind === 0x5b) {
    for (let k = at + 2; k < n; k++) {
      const c = input[k]!
      if (c >= 0x40 && c <= 0x7e) return k + 1
      // a control inside a CSI cancels it in a real terminal; pass it on as it is
      if (c < 0x20 || c > 0x7e) return k
    }
    return -1
  }
  if (kind === 0x5d || kind === 0x50 || kind === 0x5f || kind === 0x5e || kind === 0x58) {
    // ended by ST (ESC \) or, for OSC, BEL
    for (let k = at + 2; k < n; k++) {
      const c = input[k]!
      if (c === 0x07 && kind === 0x5d) return k + 1
      if (c === ESC) {
        if (k + 1 >= n) return -1
        if (input[k + 1] === 0x5c) return k + 2
      }
    }
    return -1
  }
  if (kind >= 0x20 && kind <= 0x2f) return at + 2 < n ? at + 3 : -1
  return at + 2
}
