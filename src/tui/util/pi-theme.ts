// Pi's theme files (docs/themes.md of pi-coding-agent) as xagent's palette: a pure resolver, no Pi
// import (the window never loads Pi). Variables, colour references, 256-colour indices, OKHSL/OKLCH
// and "" (the terminal's own colour) resolve as in Pi; the tokens then map onto the roles xagent's
// views draw with.
import { colorToHex, luminance } from "./color"

export type Appearance = "light" | "dark"

/** Pi's colour tokens, in its order; `fallback` fills an optional one. */
const TOKENS = {
  accent: 0,
  border: 0,
  borderAccent: 0,
  borderMuted: 0,
  success: 0,
  error: 0,
  warning: 0,
  muted: 0,
  dim: 0,
  text: 0,
  thinkingText: 0,
  scrollbarTrack: "muted",
  scrollbarThumb: "text",
  selectedBg: 0,
  searchMatchBg: "selectedBg",
  searchMatchText: "text",
  userMessageBg: 0,
  userMessageText: 0,
  customMessageBg: 0,
  customMessageText: 0,
  customMessageLabel: 0,
  toolPendingBg: 0,
  toolSuccessBg: 0,
  toolErrorBg: 0,
  toolTitle: 0,
  toolOutput: 0,
  mdHeading: 0,
  mdLink: 0,
  mdLinkUrl: 0,
  mdCode: 0,
  mdCodeBlock: 0,
  mdCodeBlockBorder: 0,
  mdQuote: 0,
  mdQuoteBorder: 0,
  mdHr: 0,
  mdListBullet: 0,
  toolDiffAdded: 0,
  toolDiffRemoved: 0,
  toolDiffContext: 0,
  syntaxComment: 0,
  syntaxKeyword: 0,
  syntaxFunction: 0,
  syntaxVariable: 0,
  syntaxString: 0,
  syntaxNumber: 0,
  syntaxType: 0,
  syntaxOperator: 0,
  syntaxPunctuation: 0,
  thinkingOff: 0,
  thinkingMinimal: 0,
  thinkingLow: 0,
  thinkingMedium: 0,
  thinkingHigh: 0,
  thinkingXhigh: 0,
  thinkingMax: "thinkingXhigh",
  bashMode: 0,
} as const satisfies Record<string, 0 | string>
export type PiToken = keyof typeof TOKENS
export const PI_TOKENS = Object.keys(TOKENS) as PiToken[]
const isBackground = (t: string) => t.endsWith("Bg")

/** A theme file with every token resolved: `#rrggbb`, or "" for the terminal's own colour. */
export interface ResolvedTheme {
  name: string
  appearance: Appearance
  colors: Record<PiToken, string>
}

const TOP_LEVEL = new Set(["$schema", "name", "appearance", "vars", "colors", "export"])

/** Reads a Pi theme document; throws an Error that says what is wrong (the caller names the file). */
export function resolvePiTheme(json: unknown): ResolvedTheme {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Error("a theme is a JSON object")
  const doc = json as Record<string, unknown>
  const extra = Object.keys(doc).filter((k) => !TOP_LEVEL.has(k))
  if (extra.length) throw new Error(`unknown field${extra.length > 1 ? "s" : ""} ${extra.join(", ")}`)
  const name = doc.name
  if (typeof name !== "string" || !name.trim()) throw new Error(`"name" must be a non-empty string`)
  if (name.includes("/")) throw new Error(`the name "${name}" has a "/", which Pi keeps for light/dark pairs`)
  if (name === "system") throw new Error(`"system" is Pi's reserved theme name`)
  if (doc.appearance !== undefined && doc.appearance !== "light" && doc.appearance !== "dark")
    throw new Error(`"appearance" must be "light" or "dark"`)
  const vars = (doc.vars ?? {}) as Record<string, unknown>
  if (typeof vars !== "object" || Array.isArray(vars)) throw new Error(`"vars" must be an object`)
  const given = doc.colors as Record<string, unknown> | undefined
  if (typeof given !== "object" || given === null || Array.isArray(given)) throw new Error(`"colors" must be an object`)
  const unknown = Object.keys(given).filter((k) => !(k in TOKENS))
  if (unknown.length) throw new Error(`unknown colour${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`)
  const missing = PI_TOKENS.filter((t) => TOKENS[t] === 0 && given[t] === undefined)
  if (missing.length) throw new Error(`missing colour${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`)

  const resolve = (value: unknown, where: string, seen: Set<string> = new Set()): string => {
    if (typeof value === "number") return colorToHex(value)
    if (typeof value !== "string") throw new Error(`${where}: a colour is a string or a 256-colour index`)
    if (value === "") return ""
    if (value.startsWith("#") || /^ok(lch|hsl)\(/i.test(value)) {
      try {
        return colorToHex(value)
      } catch (e) {
        throw new Error(`${where}: ${(e as Error).message}`)
      }
    }
    if (seen.has(value)) throw new Error(`${where}: circular variable reference ${[...seen, value].join(" → ")}`)
    if (!(value in vars)) throw new Error(`${where}: no variable "${value}"`)
    seen.add(value)
    return resolve(vars[value], where, seen)
  }
  const colors = {} as Record<PiToken, string>
  for (const t of PI_TOKENS) if (given[t] !== undefined) colors[t] = resolve(given[t], t)
  for (const t of PI_TOKENS) {
    const fallback = TOKENS[t]
    if (colors[t] === undefined && fallback !== 0) colors[t] = colors[fallback]
  }
  const appearance = (doc.appearance as Appearance | undefined) ?? detectAppearance(colors)
  return { name, appearance, colors }
}

/** The background a theme is made for, from its own colours (Pi: lighter text than panels is dark). */
function detectAppearance(colors: Record<PiToken, string>): Appearance {
  // The cube root of luminance stands in for OKLab lightness, which Pi averages.
  const avg = (list: string[]) =>
    list.length ? list.reduce((s, h) => s + Math.cbrt(luminance(h)), 0) / list.length : undefined
  const entries = Object.entries(colors).filter(([, v]) => v !== "")
  const fg = avg(entries.filter(([k]) => !isBackground(k)).map(([, v]) => v))
  const bg = avg(entries.filter(([k]) => isBackground(k)).map(([, v]) => v))
  if (fg !== undefined && bg !== undefined) return bg < fg ? "dark" : "light"
  if (bg !== undefined) return bg < 0.5 ? "dark" : "light"
  if (fg !== undefined) return fg > 0.5 ? "dark" : "light"
  return "dark"
}

/** The terminal's default colours as it reported them (OSC 10/11), or guessed from the appearance. */
export interface TerminalColors {
  foreground?: string
  background?: string
}
const GUESSED = {
  dark: { foreground: "#e5e5e7", background: "#000000" },
  light: { foreground: "#000000", background: "#ffffff" },
}

/** What xagent's views draw with: hex strings, "transparent" for a background left to the terminal. */
export interface Palette {
  name: string
  appearance: Appearance
  /** The background the palette is drawn on (the terminal's, reported or guessed). */
  background: string
  text: string
  muted: string
  dim: string
  accent: string
  accentAlt: string
  success: string
  warning: string
  error: string
  info: string
  border: string
  borderActive: string
  panel: string
  selection: string
  diffAdd: string
  diffRemove: string
  diffContext: string
  diffAddBg: string
  diffRemoveBg: string
  user: string
  userBg: string
  thinking: string
  toolOutput: string
  md: Record<
    "heading" | "link" | "linkUrl" | "code" | "codeBlock" | "codeBlockBorder" | "quote" | "hr" | "listBullet",
    string
  >
  syntax: Record<
    "comment" | "keyword" | "function" | "variable" | "string" | "number" | "type" | "operator" | "punctuation",
    string
  >
}

export function paletteOf(theme: ResolvedTheme, terminal: TerminalColors = {}): Palette {
  const guess = GUESSED[theme.appearance]
  const fgDefault = terminal.foreground ?? guess.foreground
  const background = terminal.background ?? guess.background
  const c = theme.colors
  const fg = (t: PiToken) => c[t] || fgDefault
  const bg = (t: PiToken) => c[t] || "transparent"
  return {
    name: theme.name,
    appearance: theme.appearance,
    background,
    text: fg("text"),
    muted: fg("muted"),
    dim: fg("dim"),
    accent: fg("accent"),
    accentAlt: fg("mdLink"),
    success: fg("success"),
    warning: fg("warning"),
    error: fg("error"),
    info: fg("syntaxVariable"),
    border: fg("borderMuted"),
    borderActive: fg("borderAccent"),
    panel: bg("userMessageBg"),
    selection: bg("selectedBg"),
    diffAdd: fg("toolDiffAdded"),
    diffRemove: fg("toolDiffRemoved"),
    diffContext: fg("toolDiffContext"),
    diffAddBg: bg("toolSuccessBg"),
    diffRemoveBg: bg("toolErrorBg"),
    user: fg("userMessageText"),
    userBg: bg("userMessageBg"),
    thinking: fg("thinkingText"),
    toolOutput: fg("toolOutput"),
    md: {
      heading: fg("mdHeading"),
      link: fg("mdLink"),
      linkUrl: fg("mdLinkUrl"),
      code: fg("mdCode"),
      codeBlock: fg("mdCodeBlock"),
      codeBlockBorder: fg("mdCodeBlockBorder"),
      quote: fg("mdQuote"),
      hr: fg("mdHr"),
      listBullet: fg("mdListBullet"),
    },
    syntax: {
      comment: fg("syntaxComment"),
      keyword: fg("syntaxKeyword"),
      function: fg("syntaxFunction"),
      variable: fg("syntaxVariable"),
      string: fg("syntaxString"),
      number: fg("syntaxNumber"),
      type: fg("syntaxType"),
      operator: fg("syntaxOperator"),
      punctuation: fg("syntaxPunctuation"),
    },
  }
}
