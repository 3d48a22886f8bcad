// One end-to-end run's world: a sandboxed home, a scripted model and a tmux pane in the sandbox's
// folder. What undoes them goes into `cleanups`, the daemon the run may start included.
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
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

/**
 * XAGENT_E2E_SCREEN=inline|fullscreen runs every window of the suite in that mode (through the
 * screen setting, so a test's own --inline or --fullscreen still wins): how inline is checked
 * against everything full screen passes (docs/adr-inline-mode.md).
 */
const SUITE_SCREEN = process.env.XAGENT_E2E_SCREEN

export async function terminalBox(script: Scenario, cleanups: (() => unknown)[], opts: BoxOptions = {}) {
  const box = makeSandbox()
  if (SUITE_SCREEN) {
    mkdirSync(box.env.XAGENT_HOME!, { recursive: true })
    writeFileSync(join(box.env.XAGENT_HOME!, "settings.json"), JSON.stringify({ screen: SUITE_SCREEN }))
  }
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
