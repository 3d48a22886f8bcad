import { expect, test } from "bun:test"
import { terminalText } from "../../src/common/terminal-text"

const ESC = "\u001b"

test("clean text comes back as it is", () => {
  const s = "plain text, ünïcode, 日本語, emoji 🎉\nsecond line"
  expect(terminalText(s)).toBe(s)
})

test("SGR colours are stripped and tabs expanded to the next stop", () => {
  expect(terminalText(`${ESC}[31mred${ESC}[0m normal\ttab`)).toBe("red normal  tab")
  expect(terminalText(`${ESC}[1;38;5;208mbold orange${ESC}[m`)).toBe("bold orange")
  expect(terminalText("a\tb\tc\n\tx")).toBe("a   b   c\n    x")
})

test("OSC (title, clipboard, hyperlink), CSI moves and C1 CSI are removed whole", () => {
  expect(terminalText(`A${ESC}]52;c;ZXZpbA==\u0007B`)).toBe("AB")
  expect(terminalText(`A${ESC}]0;pwned title${ESC}\\B`)).toBe("AB")
  expect(terminalText(`${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe("link")
  expect(terminalText(`A${ESC}[2J${ESC}[H${ESC}[?25lB`)).toBe("AB")
  expect(terminalText("A\u009b2JB\u009d0;t\u009cC")).toBe("ABC")
  expect(terminalText(`A${ESC}P1$qm${ESC}\\B${ESC}_apc${ESC}\\C`)).toBe("ABC")
  expect(terminalText(`A${ESC}7${ESC}(BB`)).toBe("AB")
  // A sequence cut off at the end takes the rest with it, never a raw ESC.
  expect(terminalText(`ok${ESC}]52;c;AAAA`)).toBe("ok")
  expect(terminalText(`ok${ESC}`)).toBe("ok")
})

test("BEL, BS, NUL, DEL, other C0/C1 and bidi overrides are dropped", () => {
  expect(terminalText("ding\u0007 S\bend")).toBe("ding Send")
  expect(terminalText("evil\u202eitxet\u202c bidi \u2066iso\u2069")).toBe("evilitxet bidi iso")
  expect(terminalText("a\u0000b\u007fc\u0085d\u001ce")).toBe("abcde")
})

test("a carriage return overwrites its line; CRLF is a line break", () => {
  expect(terminalText("10%\r55%\r100%\ndone")).toBe("100%\ndone")
  expect(terminalText("abcdef\rXY")).toBe("XYcdef")
  expect(terminalText("one\r\ntwo\r\n")).toBe("one\ntwo\n")
})
