// OKHSL and OKLCH to sRGB, as Pi's themes write their colours. A port of the parts pi-tui uses
// (its oklab.ts/colors.ts, MIT), which port Björn Ottosson's reference implementation
// (https://bottosson.github.io/posts/colorpicker/, Copyright (c) 2021 Björn Ottosson, MIT license:
// permission is granted, free of charge, to use, copy, modify, merge, publish, distribute,
// sublicense and/or sell copies, provided this notice is included; THE SOFTWARE IS PROVIDED "AS IS",
// WITHOUT WARRANTY OF ANY KIND). The window may not import Pi, so the maths lives here too;
// test/tui/pi-theme.test.ts compares every colour of Pi's built-in themes with pi-tui's own.

type Vec = [number, number, number]
export interface Rgb {
  r: number
  g: number
  b: number
}

const multiply = (m: Vec[], [x, y, z]: Vec): Vec => m.map((row) => row[0] * x + row[1] * y + row[2] * z) as Vec

const LAB_TO_LMS: Vec[] = [
  [1, 0.3963377773761749, 0.2158037573099136],
  [1, -0.1055613458156586, -0.0638541728258133],
  [1, -0.0894841775298119, -1.2914855480194092],
]
const LMS_TO_LINEAR_SRGB: Vec[] = [
  [4.0767416360759583, -3.3077115392580629, 0.2309699031821043],
  [-1.2684379732850315, 2.6097573492876882, -0.341319376002657],
  [-0.0041960761386756, -0.7034186179359362, 1.7076146940746117],
]
// Per sRGB channel: the (a, b) half-plane where it clips first, and the fit of the maximum saturation.
const SATURATION_FIT: [[number, number], [number, number, number, number, number]][] = [
  [
    [-1.8817031, -0.80936501],
    [1.19086277, 1.76576728, 0.59662641, 0.75515197, 0.56771245],
  ],
  [
    [1.8144408, -1.19445267],
    [0.73956515, -0.45954404, 0.08285427, 0.12541073, -0.14503204],
  ],
  [
    [0.13110758, 1.81333971],
    [1.35733652, -0.00915799, -1.1513021, -0.50559606, 0.00692167],
  ],
]
const K1 = 0.206
const K2 = 0.03
const K3 = (1 + K1) / (1 + K2)
const okhslToOklabLightness = (x: number) => (x * x + K1 * x) / (K3 * (x + K2))
const linearToSrgb = (v: number) => (v > 0.0031308 ? 1.055 * v ** (1 / 2.4) - 0.055 : 12.92 * v)
export const srgbToLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)

function oklabToLinearSrgb(lab: Vec): Vec {
  return multiply(LMS_TO_LINEAR_SRGB, multiply(LAB_TO_LMS, lab).map((v) => v ** 3) as Vec)
}

function linearSrgbToRgb(linear: Vec): Rgb {
  const [r, g, b] = linear.map((v) => Math.round(Math.min(1, Math.max(0, linearToSrgb(v))) * 255)) as Vec
  return { r, g, b }
}

const lmsSlopes = (a: number, b: number): Vec => LAB_TO_LMS.map((row) => row[1] * a + row[2] * b) as Vec

function maxSaturation(a: number, b: number): number {
  const channel = SATURATION_FIT.findIndex(([[x, y]], i) => i === 2 || x * a + y * b > 1)
  const [k0, k1, k2, k3, k4] = SATURATION_FIT[channel]![1]
  const weights = LMS_TO_LINEAR_SRGB[channel]!
  const s = k0 + k1 * a + k2 * b + k3 * a * a + k4 * a * b
  const slopes = lmsSlopes(a, b)
  const base = slopes.map((k) => 1 + s * k)
  const dot = (values: number[]) => values.reduce((sum, v, i) => sum + weights[i]! * v, 0)
  const f = dot(base.map((v) => v ** 3))
  const f1 = dot(base.map((v, i) => 3 * slopes[i]! * v ** 2))
  const f2 = dot(base.map((v, i) => 6 * slopes[i]! ** 2 * v))
  return s - (f * f1) / (f1 * f1 - 0.5 * f * f2)
}

function cusp(a: number, b: number): [number, number] {
  const s = maxSaturation(a, b)
  const l = Math.cbrt(1 / Math.max(...oklabToLinearSrgb([1, s * a, s * b])))
  return [l, l * s]
}

function maxChroma(a: number, b: number, l: number, [cuspL, cuspC]: [number, number]): number {
  if (l <= cuspL) return (cuspC * l) / cuspL
  const t = (cuspC * (l - 1)) / (cuspL - 1)
  const slopes = lmsSlopes(a, b)
  const lms = slopes.map((k) => l + t * k) as Vec
  const cubes = lms.map((v) => v ** 3) as Vec
  const first = lms.map((v, i) => 3 * slopes[i]! * v ** 2) as Vec
  const second = lms.map((v, i) => 6 * slopes[i]! ** 2 * v) as Vec
  const dot = (row: Vec, v: Vec) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]
  const steps = LMS_TO_LINEAR_SRGB.map((row) => {
    const f = dot(row, cubes) - 1
    const f1 = dot(row, first)
    const f2 = dot(row, second)
    const u = f1 / (f1 * f1 - 0.5 * f * f2)
    return u >= 0 ? -f * u : Number.MAX_VALUE
  })
  return t + Math.min(...steps)
}

function chromaStops(L: number, a: number, b: number): Vec {
  const peak = cusp(a, b)
  const cMax = maxChroma(a, b, L, peak)
  const k = cMax / Math.min(L * (peak[1] / peak[0]), (1 - L) * (peak[1] / (1 - peak[0])))
  const midS =
    0.11516993 +
    1 /
      (7.4477897 +
        4.1590124 * b +
        a *
          (-2.19557347 +
            1.75198401 * b +
            a * (-2.13704948 - 10.02301043 * b + a * (-4.24894561 + 5.38770819 * b + 4.69891013 * a))))
  const midT =
    0.11239642 +
    1 /
      (1.6132032 -
        0.68124379 * b +
        a *
          (0.40370612 +
            0.90148123 * b +
            a * (-0.27087943 + 0.6122399 * b + a * (0.00299215 - 0.45399568 * b - 0.14661872 * a))))
  const cMid = 0.9 * k * Math.sqrt(Math.sqrt(1 / (1 / (L * midS) ** 4 + 1 / ((1 - L) * midT) ** 4)))
  const c0 = Math.sqrt(1 / (1 / (L * 0.4) ** 2 + 1 / ((1 - L) * 0.8) ** 2))
  return [c0, cMid, cMax]
}

/** OKHSL (hue in degrees, saturation and lightness 0-1) to sRGB channels 0-255. */
export function okhslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const L = okhslToOklabLightness(lightness)
  let lab: Vec = [L, 0, 0]
  if (L > 0 && L < 1 && saturation > 0) {
    const angle = (2 * Math.PI * (((hue % 360) + 360) % 360)) / 360
    const a = Math.cos(angle)
    const b = Math.sin(angle)
    const [c0, cMid, cMax] = chromaStops(L, a, b)
    let chroma: number
    if (saturation < 0.8) {
      const t = 1.25 * saturation
      const k1 = 0.8 * c0
      chroma = (t * k1) / (1 - (1 - k1 / cMid) * t)
    } else {
      const t = 5 * (saturation - 0.8)
      const k1 = (0.2 * cMid ** 2 * 1.25 ** 2) / c0
      chroma = cMid + (t * k1) / (1 - (1 - k1 / (cMax - cMid)) * t)
    }
    lab = [L, chroma * a, chroma * b]
  }
  return linearSrgbToRgb(oklabToLinearSrgb(lab))
}

/** OKLCH (lightness 0-1, chroma, hue in degrees) to sRGB, chroma reduced until the colour fits. */
export function oklchToRgb(l: number, c: number, h: number): Rgb {
  const rad = (h * Math.PI) / 180
  const at = (chroma: number) => oklabToLinearSrgb([l, chroma * Math.cos(rad), chroma * Math.sin(rad)])
  const fits = (v: Vec) => v.every((x) => x >= -1e-7 && x <= 1 + 1e-7)
  const direct = at(c)
  if (fits(direct)) return linearSrgbToRgb(direct)
  let linear = at(0)
  let low = 0
  let high = c
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2
    const candidate = at(mid)
    if (fits(candidate)) {
      low = mid
      linear = candidate
    } else high = mid
  }
  return linearSrgbToRgb(linear)
}
