// The terminal's own colours: the OSC 10/11 replies it sends when asked (`ESC ] 11 ; ? BEL`), and
// before any reply, the guess COLORFGBG gives (Pi's order: reported background, then COLORFGBG, then dark).
import type { Appearance } from "./pi-theme"

/** `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` (1-4 hex digits a channel) or `#rrggbb`, ended by BEL or ST. */
const REPLY =
  /\x1b\](10|11);(?:rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?|#([0-9a-f]{6}))(?:\x07|\x1b\\)?/gi

const channel = (digits: string) => {
  const max = 16 ** digits.length - 1
  return Math.round((parseInt(digits, 16) / max) * 255)
    .toString(16)
    .padStart(2, "0")
}

/** The colours in a terminal reply: `foreground` from OSC 10, `background` from OSC 11, as `#rrggbb`. */
export function parseColorReplies(sequence: string): { foreground?: string; background?: string } {
  const out: { foreground?: string; background?: string } = {}
  for (const m of sequence.matchAll(REPLY)) {
    const hex = m[5] ? `#${m[5].toLowerCase()}` : `#${channel(m[2]!)}${channel(m[3]!)}${channel(m[4]!)}`
    out[m[1] === "10" ? "foreground" : "background"] = hex
  }
  return out
}

/**
 * Dark or light from COLORFGBG (`fg;bg` or `fg;xpm;bg`), classified by index as Pi and Vim do:
 * 0-6 and 8 dark, 7 and 9-15 light; anything else says nothing.
 */
export function colorFgBgAppearance(env: NodeJS.ProcessEnv = process.env): Appearance | undefined {
  const bg = env.COLORFGBG?.split(";").at(-1)?.trim()
  if (!bg || !/^\d{1,2}$/.test(bg)) return undefined
  const index = Number(bg)
  if (index > 15) return undefined
  return index <= 6 || index === 8 ? "dark" : "light"
}

/** The query for both default colours, as OpenTUI's renderer also sends it. */
export const COLOR_QUERY = "\x1b]10;?\x07\x1b]11;?\x07"
