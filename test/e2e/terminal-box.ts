// One end-to-end run's world: a sandboxed home, a scripted model and a tmux pane in the sandbox's
// folder. What undoes them goes into `cleanups`, the daemon the run may start included.
import { spawnSync } from "node:child_process"
import { makeSandbox, startMockLlm, writeAgentDir, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { openPane } from "./tmux"

export interface BoxOptions {
  tps?: number
  cols?: number
  rows?: number
  /** Lines of scrollback the pane keeps (inline runs read it back). */
  history?: number
  /** More variables for the pane's shell. */
  env?: Record<string, string>
}

export async function terminalBox(script: Scenario, cleanups: (() => unknown)[], opts: BoxOptions = {}) {
  const box = makeSandbox()
  const llm = await startMockLlm(script, { tps: opts.tps })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  const pane = openPane({
    cwd: box.cwd,
    env: { ...box.env, ...opts.env },
    cols: opts.cols,
    rows: opts.rows,
    history: opts.history,
  })
  cleanups.push(
    () => box.cleanup(),
    () => llm.stop(),
    () => pane.kill(),
    // A daemon started by this run belongs to its sandbox; stop it whatever happened.
    () => spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env: box.env }),
  )
  return { box, llm, pane }
}
