// One end-to-end run's world: a sandboxed home, a scripted model and a tmux pane in the sandbox's
// folder. What undoes them goes into `cleanups`, the daemon the run may start included.
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { DaemonStatus } from "../../src/protocol"
import { makeSandbox, startMockLlm, writeAgentDir, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { openPane, type Pane } from "./tmux"

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
  const { box, llm } = await scriptedHome(script, cleanups, opts)
  if (SUITE_SCREEN) {
    mkdirSync(box.env.XAGENT_HOME!, { recursive: true })
    writeFileSync(join(box.env.XAGENT_HOME!, "settings.json"), JSON.stringify({ screen: SUITE_SCREEN }))
  }
  const pane = openPane({
    cwd: box.cwd,
    env: { ...box.env, ...opts.env },
    cols: opts.cols,
    rows: opts.rows,
    history: opts.history,
  })
  cleanups.push(() => pane.kill())
  return { box, llm, pane }
}

/** The sandboxed home and scripted model alone, for a test that opens its own panes and chooses
 *  its screen itself (the suite's screen setting is not written). */
export async function scriptedHome(script: Scenario, cleanups: (() => unknown)[], opts: { tps?: number } = {}) {
  const box = makeSandbox()
  const llm = await startMockLlm(script, { tps: opts.tps })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  cleanups.push(
    () => box.cleanup(),
    () => llm.stop(),
    // A daemon started by this run belongs to its sandbox; stop it whatever happened.
    () => spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env: box.env }),
  )
  return { box, llm }
}

/** Runs `xagent <args>` in the pane's shell, which prints `EXIT=<status>` once it ends, and waits
 *  for its prompt. */
export async function startXagent(pane: Pane, args = "", timeoutMs?: number): Promise<void> {
  pane.type(`${XAGENT_BIN}${args ? ` ${args}` : ""}; echo "EXIT=$?"`)
  pane.send("Enter")
  await pane.waitFor("Ask anything", timeoutMs)
}

/**
 * A 100×30 box whose scripted model answers each prompt with the next of `replies`, and
 * `xagent --no-daemon` started in it once `prepare` wrote what the home needs first (a skill).
 */
export async function startedBox(
  replies: string[],
  cleanups: (() => unknown)[],
  prepare?: (box: Awaited<ReturnType<typeof terminalBox>>["box"]) => void,
) {
  const started = await terminalBox({ turns: replies.map((text) => ({ text })) }, cleanups, { cols: 100, rows: 30 })
  prepare?.(started.box)
  await startXagent(started.pane, "--no-daemon", 60_000)
  return started
}

/** The sandbox's daemon as `xagent daemon status --json` tells it. */
export function daemonStatus(box: { cwd: string; env: Record<string, string> }): DaemonStatus {
  const r = spawnSync(XAGENT_BIN, ["daemon", "status", "--json"], { cwd: box.cwd, env: box.env, encoding: "utf8" })
  return JSON.parse(r.stdout) as DaemonStatus
}
