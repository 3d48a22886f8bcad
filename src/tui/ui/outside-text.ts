// What the `!outside` dialog shows: the command with every invisible or terminal-moving
// character spelled out (so nothing can hide a part of it), wrapped to the dialog's width.

// C0 and C1 controls (but newline), DEL, zero-width and bidi controls.
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

export function escapeCommand(command: string): string {
  return command.replace(HIDDEN, (c) => {
    if (c === "\t") return "\\t"
    const hex = c
      .charCodeAt(0)
      .toString(16)
      .padStart(c.charCodeAt(0) > 0xff ? 4 : 2, "0")
    return c.charCodeAt(0) > 0xff ? `\\u${hex}` : `\\x${hex}`
  })
}

/** Hard-wrapped lines of at most `width` columns (code units; the command is escaped first). */
export function commandLines(command: string, width: number): string[] {
  const w = Math.max(1, width)
  const out: string[] = []
  for (const line of escapeCommand(command).split("\n")) {
    if (line === "") out.push("")
    for (let i = 0; i < line.length; i += w) out.push(line.slice(i, i + w))
  }
  return out
}
