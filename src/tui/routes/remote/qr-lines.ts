// A QR code as terminal rows: two modules a cell (▀ ▄ █), dark on light, with the quiet zone a
// scanner needs. The encoder is uqr's; the rows are plain text a test can decode again.
import { encode } from "uqr"

/** The rows for `text`; every row has the same width. */
export function qrLines(text: string): string[] {
  // medium error correction: a phone scanning a screen reads it at a glance
  const { data } = encode(text, { ecc: "M", border: 2 })
  const rows: string[] = []
  for (let y = 0; y < data.length; y += 2) {
    let row = ""
    for (let x = 0; x < data[y]!.length; x++) {
      const top = data[y]![x]!
      const bottom = data[y + 1]?.[x] ?? false
      row += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
    }
    rows.push(row)
  }
  return rows
}
