// The window's output filter (src/tui/util/output-filter.ts) on OpenTUI's shape of output: what it
// drops, what it must keep, and where it must bring the terminal up to date first. The screen it
// leaves is checked against a real terminal in test/e2e/output-filter.test.ts.
import { describe, expect, test } from "bun:test"
import { OutputFilter } from "../../src/tui/util/output-filter"

const ESC = "\x1b"
const enc = new TextEncoder()
const dec = new TextDecoder()
/** Each chunk through one filter; the outputs joined. */
function through(...chunks: string[]): string {
  const f = new OutputFilter()
  return chunks.map((c) => dec.decode(f.push(enc.encode(c)))).join("") + dec.decode(f.end())
}
const FG = `${ESC}[38;2;222;224;225m`
const WHITE = `${ESC}[38;2;255;255;255m`
/** One run as OpenTUI writes it: reset, move, foreground, default background, text. */
const run = (row: number, col: number, fg: string, text: string) =>
  `${ESC}[0m${ESC}[${row};${col}H${fg}${ESC}[49m${text}`

describe("the output filter", () => {
  test("runs in one colour: the colour once, short moves along the row, the closing reset kept", () => {
    const out = through(run(2, 3, FG, "abc") + run(2, 7, FG, "def") + run(2, 10, FG, "g") + `${ESC}[0m`)
    expect(out).toBe(`${ESC}[2;3H${FG}abc${ESC}[Cdefg${ESC}[0m`)
  })

  test("a move to another row stays absolute; a move backwards too", () => {
    const out = through(run(2, 3, FG, "ab") + run(3, 3, FG, "cd") + run(3, 1, FG, "e"))
    expect(out).toBe(`${ESC}[2;3H${FG}ab${ESC}[3;3Hcd${ESC}[3;1He`)
  })

  test("a colour change is written before the text it colours, and only the slot that changed", () => {
    const out = through(run(1, 1, FG, "a") + `${ESC}[0m${ESC}[1;2H${ESC}[38;2;1;2;3m${ESC}[49m${ESC}[1mb`)
    expect(out).toBe(`${ESC}[1;1H${FG}a${ESC}[38;2;1;2;3;1mb`)
  })

  test("an attribute turned off goes through a reset with the rest set again", () => {
    const out = through(`${ESC}[1;3mab${ESC}[0m${ESC}[3mc`)
    expect(out).toBe(`${ESC}[1;3mab${ESC}[0;3mc`)
  })

  test("blanks keep the foreground they find; the background still changes", () => {
    expect(through(run(1, 1, FG, "ab") + run(1, 3, WHITE, "   ") + run(1, 6, FG, "cd"))).toBe(`${ESC}[1;1H${FG}ab   cd`)
    const bg = `${ESC}[48;2;9;9;9m`
    expect(through(`${FG}ab${ESC}[0m${WHITE}${bg}  `)).toBe(`${FG}ab${bg}  ${WHITE}`)
  })

  test("blanks under an underline, a strike or swapped colours keep their foreground", () => {
    expect(through(`${FG}ab${ESC}[0m${WHITE}${ESC}[4m  `)).toBe(`${FG}ab${ESC}[38;2;255;255;255;4m  `)
    expect(through(`${FG}ab${ESC}[0m${WHITE}${ESC}[7m  `)).toBe(`${FG}ab${ESC}[38;2;255;255;255;7m  `)
  })

  test("erases, line feeds and scrolls get the background first: they fill with it", () => {
    const bg = `${ESC}[48;2;9;9;9m`
    expect(through(`${bg}${ESC}[K`)).toBe(`${bg}${ESC}[K`)
    expect(through(`${bg}\n`)).toBe(`${bg}\n`)
    expect(through(`${bg}${ESC}[2S`)).toBe(`${bg}${ESC}[2S`)
    // a carriage return only moves: the colour waits for the end of the write
    expect(through(`${bg}\r`)).toBe(`\r${bg}`)
  })

  test("modes, queries and OSC strings pass untouched and wait for nothing", () => {
    const s = `${ESC}[?2026h${ESC}[?25l${ESC}]52;c;aGk=\x07${ESC}[c${ESC}P+q544e${ESC}\\`
    expect(through(s)).toBe(s)
  })

  test("a sequence cut between two writes is whole in the output", () => {
    const whole = through(run(2, 3, FG, "abc") + run(2, 7, FG, "def"))
    const joined = run(2, 3, FG, "abc") + run(2, 7, FG, "def")
    for (let cut = 1; cut < joined.length; cut++) {
      const out = through(joined.slice(0, cut), joined.slice(cut))
      // the same sequences, at most with the colour settled once more at the cut
      expect(
        out
          .replaceAll(`${ESC}[0m`, "")
          .replaceAll(FG, "")
          .replace(/\x1b\[(?:2;7H|C)/, ""),
      ).toBe(
        whole
          .replaceAll(`${ESC}[0m`, "")
          .replaceAll(FG, "")
          .replace(/\x1b\[(?:2;7H|C)/, ""),
      )
      expect(out).not.toContain(`${ESC}${ESC}`)
    }
  })

  test("a sequence it does not model passes as it came, and the next reset makes the state known again", () => {
    const odd = `${ESC}[38;5m`
    expect(through(`${FG}a${odd}b${ESC}[0m${FG}c`)).toBe(`${FG}a${odd}b${ESC}[0;38;2;222;224;225mc`)
    // after DECRC the terminal's attributes are the saved ones: the program's SGRs go out as they are
    expect(through(`${ESC}8${FG}a${ESC}[0m${FG}b`)).toBe(`${ESC}8${FG}a${ESC}[0;38;2;222;224;225mb`)
  })

  test("text that is not plain ASCII loses the cursor: the next move stays absolute", () => {
    expect(through(run(1, 1, FG, "é") + run(1, 3, FG, "x"))).toBe(`${ESC}[1;1H${FG}é${ESC}[1;3Hx`)
  })

  test("text that reaches the last column loses the cursor: it may have wrapped", () => {
    const f = new OutputFilter(() => 10)
    const out = dec.decode(f.push(enc.encode(run(1, 1, FG, "0123456789") + run(1, 10, FG, "x"))))
    expect(out).toBe(`${ESC}[1;1H${FG}0123456789${ESC}[1;10Hx`)
  })

  test("a move to where the cursor already is goes away", () => {
    expect(through(run(1, 1, FG, "ab") + run(1, 3, FG, "cd"))).toBe(`${ESC}[1;1H${FG}abcd`)
  })
})
