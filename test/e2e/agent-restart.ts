// The second half of the ACP agents' e2e runs: the daemon stopped for real (its hosts, and their
// agents, end with it), then the agent session opened again from its journal in a new terminal.
import { spawnSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { expect } from "bun:test"
import { XAGENT_BIN, type Sandbox } from "../fixture/mockllm"
import { openPane, type Pane } from "./tmux"

/**
 * Stops the daemon and opens the one agent journal with `--session <id>` in a new pane, once its
 * transcript shows `shown`; the model's request count before the stop is `asked`.
 */
export async function restartAndReopen(
  box: Sandbox,
  env: Record<string, string>,
  requests: () => number,
  cleanups: (() => unknown)[],
  shown: string,
): Promise<{ pane: Pane; screen: string; asked: number }> {
  const asked = requests()
  const stopped = spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env, encoding: "utf8" })
  expect(stopped.status).toBe(0)
  const journals = readdirSync(join(box.xagentHome, "agent-sessions")).filter((f) => f.endsWith(".jsonl"))
  expect(journals).toHaveLength(1)
  const pane = openPane({ cwd: box.cwd, env, cols: 100, rows: 30 })
  cleanups.push(() => pane.kill())
  pane.type(`${XAGENT_BIN} --session ${journals[0]!.replace(/\.jsonl$/, "")}`)
  pane.send("Enter")
  const screen = await pane.waitFor(shown, 60_000)
  return { pane, screen, asked }
}
