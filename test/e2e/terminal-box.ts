// One end-to-end run's world: a sandboxed home, a scripted model and a tmux pane in the sandbox's
// folder. What undoes them goes into `cleanups`, the daemon the run may start included.
import { spawnSync } from "node:child_process"
import { makeSandbox, startMockLlm, writeAgentDir, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { openPane } from "./tmux"

export async function terminalBox(script: Scenario, cleanups: (() => unknown)[]) {
  const box = makeSandbox()
  const llm = await startMockLlm(script)
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  const pane = openPane({ cwd: box.cwd, env: box.env })
  cleanups.push(
    () => box.cleanup(),
    () => llm.stop(),
    () => pane.kill(),
    // A daemon started by this run belongs to its sandbox; stop it whatever happened.
    () => spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env: box.env }),
  )
  return { box, llm, pane }
}
