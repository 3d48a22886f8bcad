// A freshly cloned project in a real terminal, through bin/xagent and the daemon: its
// .pi/extensions/x.ts writes a marker as it loads. Pi's trust question shows in the window before
// the project's code runs; the marker appears only once the keys say trust, and the session then
// works. Nothing here depends on the screen mode.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { XAGENT_BIN } from "../fixture/mockllm"
import { hostileProject } from "../fixture/hostile-project"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

const REPLY = "REPLY-IN-TRUSTED-PROJECT-5c"

if (!hasTmux) console.warn("test/e2e/project-trust.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("project trust in a real terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  test("the question shows first; the project's extension runs only after the keys say trust", async () => {
    const { pane, box } = await terminalBox({ turns: [{ text: REPLY }] }, cleanups)
    const { cwd, marker } = hostileProject(box.root)
    pane.type(`cd ${cwd} && ${XAGENT_BIN}; echo "EXIT=$?"`)
    pane.send("Enter")
    // The dialog is drawn over a few frames: the screen is read once its choices are there.
    const asked = await pane.waitFor(
      (s) => s.includes("Trust project folder?") && s.includes("Trust (this session only)"),
      60_000,
    )
    expect(asked).toContain("execute project extensions")
    expect(asked).toContain("Trust (this session only)")
    expect(existsSync(marker)).toBe(false)
    // Trust, Trust parent folder, Trust (this session only)
    pane.send("Down")
    pane.send("Down")
    await pane.waitFor("› Trust (this session only)")
    expect(existsSync(marker)).toBe(false)
    pane.send("Enter")
    // the status line names the model once the session is there
    await pane.waitFor((s) => s.includes("ctx 0%") && !s.includes("Trust project folder?"), 60_000)
    expect(existsSync(marker)).toBe(true)
    pane.type("hello")
    pane.send("Enter")
    await pane.waitFor(REPLY, 60_000)
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 30_000)
  }, 120_000)
})
