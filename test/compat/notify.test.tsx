// Pi's notify.ts example: when a run settles it writes a desktop notification (OSC 777) to stdout.
// A daemon's host has no terminal; the sequence reaches the window's terminal (it
// once went to the daemon's log).
import { expect, test } from "bun:test"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("notify.ts: the 'Ready for input' notification reaches the window's terminal after the reply", async () => {
  const written: string[] = []
  const { app, d } = await open(
    ["notify.ts"],
    { turns: [{ text: "Finished." }] },
    { writeTerminal: (s) => written.push(s) },
  )
  await app.submit("hi")
  await app.until("Finished.")
  await app.until(() => written.length > 0)
  expect(written).toEqual(["\u001b]777;notify;Pi;Ready for input\u0007"])
  expect(d.log()).not.toContain("\u001b]777")
})
