// Text from the model, tools and shell commands, made safe to draw: the terminal must get only
// printable characters and line breaks. Escape sequences (SGR colours, cursor moves, OSC titles
// and clipboard writes, DCS/APC strings) are removed whole, C0/C1 controls and bidi overrides
// dropped, tabs expanded to the next tab stop, and a carriage return overwrites its line as a
// terminal would (progress bars keep their last state). Pure; returns the input when it is clean.

const TAB_WIDTH = 4

// Anything that needs work: C0 but \n, DEL, C1, and the bidi embedding/override/isolate marks.
const NEEDS_WORK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

// ESC- and C1-introduced sequences, removed whole:
// - CSI: ESC [ or U+009B, parameter and intermediate bytes, one final byte;
// - OSC, DCS, SOS, PM, APC: ESC ] P X ^ _ (or U+009D U+0090 U+0098 U+009E U+009F) up to BEL or ST
//   (ESC \ or U+009C), or to the end of the text when it was cut off;
// - any other ESC and the one character after it (ESC 7, ESC (B and the like).
const SEQUENCE =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g

// What is left to drop once sequences are gone (tabs and carriage returns are handled before).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function terminalText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text
  const bare = text.replace(SEQUENCE, "").replace(/\r+\n/g, "\n")
  const lines = bare.split("\n")
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!
    if (line.includes("\r")) line = overwrite(line)
    line = line.replace(CONTROL, "")
    if (line.includes("\t")) line = expandTabs(line)
    lines[i] = line
  }
  return lines.join("\n")
}

/** One line of a listing (a session's name, folder or id): terminalText, line breaks as spaces. */
export function terminalLine(text: string): string {
  return terminalText(text).replace(/\n/g, " ")
}

// Characters JSON.stringify leaves as they are that a terminal acts on (C0 it escapes itself).
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** JSON for a terminal: the same value, with DEL, C1 and bidi controls written as \u escapes. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    JSON_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )
}

/** `a\rb`: what a terminal shows once the line is done: later text over earlier text. */
function overwrite(line: string): string {
  let shown: string[] = []
  for (const part of line.split("\r")) {
    const chars = [...part]
    shown = chars.length >= shown.length ? chars : [...chars, ...shown.slice(chars.length)]
  }
  return shown.join("")
}

function expandTabs(line: string): string {
  let out = ""
  let col = 0
  for (const ch of line) {
    if (ch === "\t") {
      const n = TAB_WIDTH - (col % TAB_WIDTH)
      out += " ".repeat(n)
      col += n
    } else {
      out += ch
      col++
    }
  }
  return out
}

// Like CONTROL, but a tab stays: text written as it streams (`-p`'s stdout) may be a file's contents.
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

// A sequence that may still go on in the next chunk: an introducer at the end, a CSI without its
// final byte, or a string (OSC, DCS…) without its terminator (perhaps with the ESC of an ESC \ ).
const UNFINISHED =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*$|(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\u0007\u001b\u009c]*\u001b?$|\u001b[\u0020-\u002f]*$/

/**
 * Streamed text made safe to write: sequences and controls removed, tabs and line breaks kept, a
 * carriage return dropped (what it overwrote is already written). Feed it the first `settledLength`
 * characters while more may follow, so a sequence split across chunks is removed whole.
 */
export function streamedText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text
  return text.replace(SEQUENCE, "").replace(CONTROL_BUT_TAB, "")
}

/** How much of `text` can be written now: all but a trailing sequence that may not be finished. */
export function settledLength(text: string): number {
  const at = text.search(UNFINISHED)
  return at < 0 ? text.length : at
}

const SGR = /\u001b\[[0-9;:]*m/g

/**
 * A rendered row of a Pi component made safe to draw: its SGR colours and styles kept, every
 * other sequence and control removed as terminalText does, line breaks made spaces.
 */
export function styledText(line: string): string {
  if (!NEEDS_WORK.test(line)) return line
  let out = ""
  let last = 0
  for (const m of line.matchAll(SGR)) {
    out += bareRow(line.slice(last, m.index))
    out += m[0]
    last = m.index + m[0].length
  }
  return out + bareRow(line.slice(last))
}

const bareRow = (text: string) => (text ? terminalText(text).replace(/\n/g, " ") : "")
