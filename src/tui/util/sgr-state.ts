// The terminal's colours and attributes (SGR) as slots a reset clears, what an SGR sequence does
// to them, and the shortest sequence from one state to another: the model the output filter
// (output-filter.ts) keeps of the terminal and of what the program asked for.

/** One slot per attribute a reset clears; "" is the terminal's default. */
export const SLOTS = 12
export const FG = 0
export const BG = 1
const UNDERLINE_COLOUR = 2
const BOLD = 3
const DIM = 4
const ITALIC = 5
const UNDERLINE = 6
const BLINK = 7
const INVERSE = 8
const HIDDEN = 9
const STRIKE = 10
const OVERLINE = 11

export type Sgr = string[]

export const plain = (): Sgr => new Array<string>(SLOTS).fill("")

/** What one SGR does, in order: a slot set to a value, or (slot -1) everything reset. */
export type Effect = [slot: number, value: string][]

/** An SGR's effect, read once per distinct parameter string; null when a parameter is not modelled. */
const effects = new Map<string, Effect | null>()

export function effectOf(params: string): Effect | null {
  let effect = effects.get(params)
  if (effect === undefined) {
    if (effects.size > 1024) effects.clear()
    effect = parse(params)
    effects.set(params, effect)
  }
  return effect
}

const RESET: Effect = [[-1, ""]]
const DEFAULT_FG: Effect = [[FG, ""]]
const DEFAULT_BG: Effect = [[BG, ""]]

/** The three OpenTUI writes around every run (`0`, `39`, `49`), known without reading them as text. */
export function quickEffect(input: Uint8Array, from: number, to: number): Effect | undefined {
  const n = to - from
  if (n === 0 || (n === 1 && input[from] === 0x30)) return RESET
  if (n === 2 && input[from + 1] === 0x39) {
    if (input[from] === 0x34) return DEFAULT_BG
    if (input[from] === 0x33) return DEFAULT_FG
  }
  return undefined
}

export function applyEffect(to: Sgr, effect: Effect): void {
  for (const [slot, value] of effect) {
    if (slot < 0) to.fill("")
    else to[slot] = value
  }
}

function parse(params: string): Effect | null {
  const to: Effect = []
  const set = (slot: number, value: string) => void to.push([slot, value])
  const p = params.split(";")
  for (let i = 0; i < p.length; i++) {
    const v = p[i]!
    if (v.includes(":")) {
      // ITU colon forms: 38:2::r:g:b, 4:3 (curly underline), each one parameter
      const head = v.slice(0, v.indexOf(":"))
      if (head === "38") set(FG, v)
      else if (head === "48") set(BG, v)
      else if (head === "58") set(UNDERLINE_COLOUR, v)
      else if (head === "4") set(UNDERLINE, v === "4:0" ? "" : v)
      else return null
      continue
    }
    if (v === "" || v === "0") {
      set(-1, "")
      continue
    }
    const n = Number(v)
    if (!Number.isInteger(n)) return null
    if (n === 38 || n === 48 || n === 58) {
      const slot = n === 38 ? FG : n === 48 ? BG : UNDERLINE_COLOUR
      const kind = p[i + 1]
      const count = kind === "2" ? 5 : kind === "5" ? 3 : 0
      if (!count || i + count > p.length) return null
      set(slot, p.slice(i, i + count).join(";"))
      i += count - 1
    } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) set(FG, v)
    else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) set(BG, v)
    else if (n === 39) set(FG, "")
    else if (n === 49) set(BG, "")
    else if (n === 59) set(UNDERLINE_COLOUR, "")
    else if (n === 1) set(BOLD, "1")
    else if (n === 2) set(DIM, "2")
    else if (n === 22) (set(BOLD, ""), set(DIM, ""))
    else if (n === 3) set(ITALIC, "3")
    else if (n === 23) set(ITALIC, "")
    else if (n === 4 || n === 21) set(UNDERLINE, v)
    else if (n === 24) set(UNDERLINE, "")
    else if (n === 5 || n === 6) set(BLINK, v)
    else if (n === 25) set(BLINK, "")
    else if (n === 7) set(INVERSE, "7")
    else if (n === 27) set(INVERSE, "")
    else if (n === 8) set(HIDDEN, "8")
    else if (n === 28) set(HIDDEN, "")
    else if (n === 9) set(STRIKE, "9")
    else if (n === 29) set(STRIKE, "")
    else if (n === 53) set(OVERLINE, "53")
    else if (n === 55) set(OVERLINE, "")
    else return null
  }
  return to
}

/** Attributes that show on a blank cell besides its background. */
export const lined = (s: Sgr) => s[INVERSE] !== "" || s[UNDERLINE] !== "" || s[STRIKE] !== "" || s[OVERLINE] !== ""

export function same(a: Sgr, b: Sgr): boolean {
  for (let i = 0; i < SLOTS; i++) if (a[i] !== b[i]) return false
  return true
}

/** The shortest SGR that takes the terminal from `from` (undefined: not known) to `to`. */
export function transition(from: Sgr | undefined, to: Sgr): string {
  const set = to.filter((v) => v !== "")
  const clears = !from || from.some((v, i) => v !== "" && to[i] !== v && to[i] === "")
  if (clears) return `\x1b[${["0", ...set].join(";")}m`
  return `\x1b[${to.filter((v, i) => v !== from[i]).join(";")}m`
}
