// bin/xagent (--no-daemon) in a pane of its own on the scripted model, in fresh temp homes: the
// start every window e2e shares. What it made is undone by the returned cleanups, last first.
import { XAGENT_BIN, type MockLlm, type Sandbox, type Scenario } from "../fixture/mockllm"
import { terminalBox, type BoxOptions } from "./terminal-box"
import type { Pane } from "./tmux"

export interface XagentWindow {
  box: Sandbox
  llm: MockLlm
  pane: Pane
}

export async function openXagentWindow(
  scenario: Scenario,
  cleanups: (() => unknown)[],
  opts: BoxOptions = {},
): Promise<XagentWindow> {
  const w = await terminalBox(scenario, cleanups, opts)
  w.pane.type(`${XAGENT_BIN} --no-daemon; echo "EXIT=$?"`)
  w.pane.send("Enter")
  await w.pane.waitFor("Ask anything")
  return w
}
