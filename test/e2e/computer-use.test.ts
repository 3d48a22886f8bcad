// Computer-use on Linux through the real bin/xagent in a real terminal (tmux): /computer:status
// says that it needs Windows or WSL, and a scripted model that calls list_windows anyway gets Pi's
// unknown-tool error (the tool was never registered here), and the session carries on.
import { afterAll, describe, expect, test } from "bun:test"
import { hasTmux } from "./tmux"
import { openXagentWindow } from "./xagent-window"

if (!hasTmux) console.warn("test/e2e/computer-use.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux || process.platform === "win32")("computer-use on a host that is not Windows", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("/computer:status explains; list_windows is Pi's unknown tool, not a crash", async () => {
    const { llm, pane } = await openXagentWindow(
      { turns: [{ tool: "list_windows", args: {} }, { text: "No desktop tools here." }], fallback: "nothing more" },
      cleanups,
      { cols: 110, rows: 40 },
    )
    // The extension's commands arrive a moment after the window: the palette shows them once known.
    pane.type("/computer:st")
    await pane.waitFor("Computer-use: is it on")
    pane.send("C-c")
    await pane.waitFor("Ask anything")
    pane.type("/computer:status")
    await pane.waitFor("› /computer:status")
    pane.send("Enter")
    let screen = await pane.waitFor("computer-use needs Windows or WSL")
    // The notice wraps inside its box: read it as one line.
    expect(screen.replace(/[\s│]+/g, " ")).toContain("No computer-use tools are available in this session")

    pane.type("list the windows")
    await pane.waitFor("› list the windows")
    pane.send("Enter")
    screen = await pane.waitFor("No desktop tools here.")
    expect(screen).toMatch(/list_windows[\s\S]*not found/)
    // Pi offered the model no computer-use tool, and answered the call with its own error.
    expect(llm.requests()[0]!.tools).not.toContain("list_windows")
    expect(JSON.stringify(llm.requests()[1]!.last)).toContain("list_windows")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
