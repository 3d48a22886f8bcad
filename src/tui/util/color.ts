// Colour values as Pi's theme files write them, made into the hex strings OpenTUI takes, and the
// WCAG contrast the tests hold the themes to.
import { okhslToRgb, oklchToRgb, srgbToLinear, type Rgb } from "./oklab"

const NUM = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`
const OKLCH = new RegExp(`^oklch\\(\\s*(${NUM})(%)?\\s+(${NUM})\\s+(${NUM})(?:deg)?\\s*\\)$`, "i")
const OKHSL = new RegExp(`^okhsl\\(\\s*(${NUM})(?:deg)?\\s+(${NUM})(%)?\\s+(${NUM})(%)?\\s*\\)$`, "i")

// xterm's 16 basic colours as pi-tui assumes them (the terminal's own may differ: Pi says so too).
const BASIC: Rgb[] = [
  [0, 0, 0],
  [128, 0, 0],
  [0, 128, 0],
  [128, 128, 0],
  [0, 0, 128],
  [128, 0, 128],
  [0, 128, 128],
  [192, 192, 192],
  [128, 128, 128],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [0, 0, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
].map(([r, g, b]) => ({ r: r!, g: g!, b: b! }))
const CUBE = [0, 95, 135, 175, 215, 255]

function indexedRgb(index: number): Rgb {
  if (index < 16) return BASIC[index]!
  if (index < 232) {
    const i = index - 16
    return { r: CUBE[Math.floor(i / 36)]!, g: CUBE[Math.floor((i % 36) / 6)]!, b: CUBE[i % 6]! }
  }
  const gray = 8 + (index - 232) * 10
  return { r: gray, g: gray, b: gray }
}

export const rgbToHex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace("#", "")
  const full = h.length === 3 ? [...h].map((d) => d + d).join("") : h.slice(0, 6)
  return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16) }
}

const unit = (value: string, percent: string | undefined, name: string, max = 1) => {
  const n = Number.parseFloat(value) / (percent ? 100 : 1)
  if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`${name} must be between 0 and ${max}: ${value}`)
  return n
}

/** A concrete colour value (hex, okhsl(), oklch() or a 256-colour index) as `#rrggbb`; throws when it is none. */
export function colorToHex(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0 || value > 255)
      throw new Error(`a colour index must be an integer from 0 to 255: ${value}`)
    return rgbToHex(indexedRgb(value))
  }
  if (/^#([\da-f]{3}|[\da-f]{6})$/i.test(value)) return rgbToHex(hexToRgb(value.toLowerCase()))
  const lch = OKLCH.exec(value)
  if (lch) {
    const c = Number.parseFloat(lch[3]!)
    if (!(c >= 0)) throw new Error(`chroma must not be negative: ${value}`)
    return rgbToHex(oklchToRgb(unit(lch[1]!, lch[2], "lightness"), c, Number.parseFloat(lch[4]!)))
  }
  const hsl = OKHSL.exec(value)
  if (hsl)
    return rgbToHex(
      okhslToRgb(Number.parseFloat(hsl[1]!), unit(hsl[2]!, hsl[3], "saturation"), unit(hsl[4]!, hsl[5], "lightness")),
    )
  throw new Error(`not a colour: ${JSON.stringify(value)}`)
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex)
  const [lr, lg, lb] = [r, g, b].map((v) => srgbToLinear(v / 255))
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** Light or dark, for a terminal background (Pi's rule without a foreground: the better of white or black text). */
export function appearanceOf(background: string): "light" | "dark" {
  return contrastRatio("#ffffff", background) >= contrastRatio("#000000", background) ? "dark" : "light"
}
