// Issue #12's display and quitting rows as a user meets them, in a real terminal against the scripted model
// (--no-daemon): a code block marked as code with its wrapped row marked, a `!` command stopped with
// Esc, and quitting with a reply running asks first.
import { afterAll, describe, expect, test } from "bun:test"
import { hasTmux } from "./tmux"
import { openXagentWindow } from "./xagent-window"

const LONG_LINE = "const reallyLongVariableName = someFunction(argumentNumberOne, argumentNumberTwo, three)"
const SLOW = "This reply takes a while to stream. ".repeat(12) + "SLOW-END"

if (!hasTmux) console.warn("test/e2e/daily-driver.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("a daily driver in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  test("code blocks, Esc on a ! command, and quitting a --no-daemon reply", async () => {
    const { pane } = await openXagentWindow(
      { turns: [{ text: "Here:\n\n```ts\n" + LONG_LINE + "\nreturn x\n```\n\nCODE-END" }, { text: SLOW }] },
      cleanups,
      { cols: 80, rows: 30, tps: 60 },
    )

    pane.type("show me code")
    pane.send("Enter")
    // Once the reply is over: while it streams, the footer may show the block a frame behind. (The
    // terminal's ceiling: 40 s ran out under load, the session still opening for most of it.)
    let screen = await pane.waitFor((s) => s.includes("CODE-END") && !s.includes("Working"))
    expect(screen).toMatch(/│ const reallyLongVariableName/)
    expect(screen).toMatch(/↪ \S/)
    expect(screen).toMatch(/│ return x/)

    pane.type("!sleep 30")
    pane.send("Enter")
    await pane.waitFor(/! sleep 30/)
    pane.send("Escape")
    screen = await pane.waitFor(/⏹ ! sleep 30\s+cancelled/)

    pane.type("a slow one")
    pane.send("Enter")
    await pane.waitFor("This reply takes a while")
    pane.send("C-d")
    screen = await pane.waitFor("The reply ends with this window")
    // Still running: no exit status printed (the shell's own command line, which names EXIT=, may
    // show above a dialog that takes only the footer's place).
    expect(screen).not.toMatch(/EXIT=\d/)
    pane.send("n")
    await pane.waitFor((s) => !s.includes("The reply ends with this window"))
    // Done streaming is not done running: the idle prompt says the reply is over.
    await pane.waitFor((s) => s.includes("SLOW-END") && s.includes("Ask anything"), 60_000)
    pane.send("C-d")
    await pane.waitFor("EXIT=0")
  }, 300_000)
})
