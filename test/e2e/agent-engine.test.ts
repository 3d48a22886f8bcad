// `xagent --agent '<command>'` in a real terminal: the window's session runs on an external ACP
// agent, here `xagent acp` itself on the scripted model (in an xagent home of its own). The reply
// and the tool row are drawn as a Pi session's, and the agent's permission request is the
// approval dialog, answered with a key.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { startXagent, terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

const cleanups: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

describe.skipIf(!hasTmux)("--agent in the window", () => {
  test("a prompt, the agent's permission answered in the window, the tool's output and the reply", async () => {
    const { box, pane } = await terminalBox(
      {
        turns: [
          { tool: "bash", args: { command: "echo engine-e2e-out" }, text: "Running it." },
          { text: "All done here." },
        ],
      },
      cleanups,
      { cols: 100, rows: 30 },
    )
    const agentHome = join(box.root, "agent-home")
    cleanups.push(() =>
      spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], {
        cwd: box.cwd,
        env: { ...box.env, XAGENT_HOME: agentHome },
      }),
    )
    await startXagent(pane, `--agent 'env XAGENT_HOME=${agentHome} ${XAGENT_BIN} acp'`)
    pane.type("run it")
    pane.send("Enter")
    await pane.waitFor("Allow echo engine-e2e-out?")
    pane.type("y")
    const screen = await pane.waitFor("All done here.")
    expect(screen).toContain("Running it.")
    expect(screen).toContain("engine-e2e-out")
    expect(screen).not.toContain("Allow echo")
  }, 180_000)
})
