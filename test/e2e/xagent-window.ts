// bin/xagent (--no-daemon) in a pane of its own on the scripted model, in fresh temp homes: the
// start every window e2e shares. What it made is undone by the returned cleanups, last first.
import {
  makeSandbox,
  startMockLlm,
  writeAgentDir,
  XAGENT_BIN,
  type Sandbox,
  type MockLlm,
  type Scenario,
} from "../fixture/mockllm"
import { openPane, type Pane } from "./tmux"

export interface XagentWindow {
  box: Sandbox
  llm: MockLlm
  pane: Pane
}

export async function openXagentWindow(
  scenario: Scenario,
  cleanups: (() => unknown)[],
  opts: { env?: Record<string, string>; cols?: number; rows?: number; tps?: number } = {},
): Promise<XagentWindow> {
  const box = makeSandbox()
  const llm = await startMockLlm(scenario, { tps: opts.tps })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  const pane = openPane({ cwd: box.cwd, env: { ...box.env, ...opts.env }, cols: opts.cols, rows: opts.rows })
  cleanups.push(
    () => box.cleanup(),
    () => llm.stop(),
    () => pane.kill(),
  )
  pane.type(`${XAGENT_BIN} --no-daemon; echo "EXIT=$?"`)
  pane.send("Enter")
  await pane.waitFor("Ask anything")
  return { box, llm, pane }
}
