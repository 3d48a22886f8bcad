// Which sequences written to a host's stdout count as desktop notifications (OSC 777, 9, 99),
// and that nothing else (a clipboard write, a title, a cursor move) passes for one.
import { expect, test } from "bun:test"
import { isNotification, takeNotifications } from "../../src/common/terminal-notify"

test("the notify example's sequences are taken out of what is written; the rest stays", () => {
  const osc777 = "\u001b]777;notify;Pi;Ready for input\u0007"
  const kitty = "\u001b]99;i=1:d=0;Pi\u001b\\"
  const iterm = "\u001b]9;Ready\u0007"
  expect(takeNotifications(`log line\n${osc777}more\n`)).toEqual({ found: [osc777], rest: "log line\nmore\n" })
  expect(takeNotifications(kitty + iterm)).toEqual({ found: [kitty, iterm], rest: "" })
  for (const seq of [osc777, kitty, iterm]) expect(isNotification(seq)).toBe(true)
})

test("other sequences, and notifications carrying control characters, are not notifications", () => {
  const bad = [
    "\u001b]52;c;aGVsbG8=\u0007", // clipboard write
    "\u001b]0;title\u0007",
    "\u001b[2J",
    "\u001b]777;notify;Pi;a\u001b[2Jb\u0007",
    "\u001b]9;" + "x".repeat(5000) + "\u0007",
    "\u001b]9;ok\u0007extra",
  ]
  for (const seq of bad) expect(isNotification(seq)).toBe(false)
  expect(takeNotifications(bad[0]!)).toEqual({ found: [], rest: bad[0] })
  expect(takeNotifications(bad[3]!).found).toEqual([])
})
