// Type-ahead in a real terminal (tmux) through bin/xagent and its daemon, on the scripted model:
// the window's first frame comes before its session is live, and what is typed in that gap must
// behave as if typed later. `/goal …` (a bundled extension's command, unknown to the window until
// the session's command list comes) typed at the first frame runs; keys typed right after `-r`
// picks a session reach the prompt.
import { afterAll, describe, expect, test } from "bun:test"
import { XAGENT_BIN } from "../fixture/mockllm"
import { startedBox, startXagent, terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

if (!hasTmux) console.warn("test/e2e/type-ahead.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("type-ahead before the session is live", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  test("/goal typed at the first frame runs once the session is live", async () => {
    const { pane, llm } = await terminalBox(
      {
        turns: [{ tool: "update_goal", args: { status: "achieved", summary: "done at once" } }, { text: "Goal met." }],
        fallback: "nothing more",
      },
      cleanups,
      { cols: 100, rows: 30 },
    )
    await startXagent(pane, "", 60_000)
    pane.type("/goal write the notes")
    pane.send("Enter")
    const screen = await pane.waitFor(/Goal achieved/, 60_000)
    expect(screen).not.toContain("Unknown command")
    expect(JSON.stringify(llm.requests()[0]!.last)).toContain("write the notes")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 60_000)
  }, 150_000)

  test("-r: keys typed right after a session is picked all reach the prompt", async () => {
    const { pane, llm } = await startedBox(["FIRST-REPLY", "SECOND-REPLY"], cleanups)
    pane.type("the saved one")
    await pane.waitFor("› the saved one", 60_000)
    pane.send("Enter")
    await pane.waitFor("FIRST-REPLY", 60_000)
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 60_000)
    pane.send("clear", "Enter")

    pane.type(`${XAGENT_BIN} -r; echo "EXIT2=$?"`)
    pane.send("Enter")
    await pane.waitFor("the saved one", 60_000)
    pane.send("Enter")
    for (const word of ["1 ", "2 ", "3 ", "4 ", "5"]) pane.type(word)
    await pane.waitFor("› 1 2 3 4 5", 60_000)
    // The session's history, then the prompt: the picked session is the one that opened.
    await pane.waitFor("FIRST-REPLY", 60_000)
    pane.send("Enter")
    await pane.waitFor("SECOND-REPLY", 60_000)
    expect(JSON.stringify(llm.requests()[1]!.last)).toContain("1 2 3 4 5")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT2=0", 60_000)
  }, 200_000)
})
