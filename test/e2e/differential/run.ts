// One scenario in one program: its own sandbox (same project files, same agent dir settings, its
// own scripted model), a tmux pane, the prompts typed one by one, each turn awaited until the
// program is idle, then the transcript captured. Each program gets a sandbox of its own, so the
// three runs of a scenario can go at once: a model's script is consumed call by call, and the
// edit and write tools change the project.
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, XAGENT_BIN } from "../../fixture/mockllm"
import { piStarted } from "../pi-started"
import { openPane, type Pane } from "../tmux"
import { unroot } from "./items"
import type { Scenario } from "./scenarios"

export type Mode = "pi" | "inline" | "fullscreen"

/** Pi's CLI wants a newer Node than the machine may have: the `node` dev dependency's binary. */
const PI_NODE = join(REPO_ROOT, "node_modules/node/bin/node")
const PI_BIN = join(REPO_ROOT, "node_modules/.bin/pi")
/** Pi and xagent with the same tools on: Pi's seven built-ins. */
const TOOLS = "read,bash,edit,write,ls,grep,find"

/** Generous: the suite runs on a loaded two-core machine. */
const WAIT_MS = 90_000

export const DEFAULT_FILES: Record<string, string> = {
  "src/app.js": "function add(a, b) {\n  return a + b\n}\n\nmodule.exports = { add }\n",
  "notes.txt": "alpha\nbeta\ngamma\n",
}

function command(mode: Mode): string {
  // Pi 1.6 draws full screen unless told otherwise; its regular TUI is the inline one xagent matches.
  if (mode === "pi") return `${PI_NODE} ${PI_BIN} --tui-mode regular --tools ${TOOLS}`
  // No sandbox: Pi has none, and the comparison is of what each program draws, on any machine.
  // XAGENT_DIFF_DAEMON=1: through a daemon, as a person starts it (each sandbox has its own).
  const host = DAEMON ? "" : " --no-daemon"
  return `${XAGENT_BIN}${host} --${mode} --dangerously-skip-sandbox --tools ${TOOLS}`
}

const DAEMON = process.env.XAGENT_DIFF_DAEMON === "1"

const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/

/** Nothing runs and nothing passing is on screen (a turn's spinner, xagent's toasts over the transcript). */
function busy(mode: Mode, screen: string): boolean {
  if (SPINNER.test(screen)) return true
  if (mode === "pi") return /\bWorking\b|Retrying|Compacting/.test(screen)
  // (xagent keeps a retry's notice in the transcript: only the working line means busy)
  return /Working \(|Full access: the agent's|Compacting context/.test(screen)
}

async function until(what: string, pane: Pane, ok: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen:\n${pane.screen()}`)
    await Bun.sleep(100)
  }
}

/** Idle: not busy, and the screen unchanged over a few polls (the last rows land after the run ends). */
async function idle(mode: Mode, pane: Pane): Promise<void> {
  let last = ""
  let same = 0
  await until("the program to go idle", pane, () => {
    const s = pane.screen()
    if (!busy(mode, s) && s === last) same++
    else same = 0
    last = s
    return same >= 5
  })
}

/** CI markers make Pi's colour library (chalk) print no styles at all, and Pi's parser reads styles:
 *  both programs get the environment of a person's terminal. */
const CI_MARKERS =
  /^(CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|RUN_ID|GITHUB_ACTIONS|GITLAB_CI|BUILDKITE|TF_BUILD|NO_COLOR|FORCE_COLOR)$/

function terminalEnv(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !CI_MARKERS.test(k)))
}

export interface Capture {
  mode: Mode
  /** What the pane held (inline: scrollback and screen), sandbox paths as `<root>`. */
  text: string
  /** The same with styles (Pi's parser reads them). */
  styled: string
}

export async function runScenario(s: Scenario, mode: Mode): Promise<Capture> {
  const box = makeSandbox()
  const cleanups: (() => unknown)[] = [() => box.cleanup()]
  try {
    for (const [path, body] of Object.entries({ ...DEFAULT_FILES, ...s.files })) {
      mkdirSync(dirname(join(box.cwd, path)), { recursive: true })
      writeFileSync(join(box.cwd, path), body)
    }
    const llm = await startMockLlm({ turns: s.steps, fallback: "FALLBACK-NOT-SCRIPTED" }, { tps: s.tps ?? 2000 })
    cleanups.push(() => llm.stop())
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl, reasoning: true, settings: s.settings })
    // Full screen shows the transcript on the pane alone: a pane taller than the whole transcript.
    const rows = mode === "fullscreen" ? (s.rows ?? 120) : 30
    const pane = openPane({ cwd: box.cwd, env: terminalEnv(box.env), cols: 100, rows, history: 100_000 })
    cleanups.push(() => pane.kill())
    if (DAEMON && mode !== "pi")
      cleanups.push(() => spawnSync(XAGENT_BIN, ["daemon", "stop", "--force"], { cwd: box.cwd, env: box.env }))
    // Pi warns about this tmux setting on start otherwise.
    pane.tmux("set-option", "-g", "extended-keys", "on")
    const t0 = Date.now()
    const mark = (what: string) =>
      process.env.XAGENT_DIFF_TIMES && console.log(`${s.name} ${mode} ${what} ${Date.now() - t0} ms`)
    pane.type(`${command(mode)}; echo "EXIT=$?"`)
    pane.send("Enter")
    await until("the program's start-up to end", pane, () => started(mode, pane))
    const callsSoFar = () => llm.requests().length
    mark("ready")
    let calls = 0
    for (const turn of s.turns) {
      calls += turn.calls
      pane.type(turn.say)
      pane.send("Enter")
      if (turn.abortOn) {
        await pane.waitFor(turn.abortOn, WAIT_MS)
        pane.send("Escape")
      }
      await until(`${calls} model calls`, pane, () => callsSoFar() >= calls)
      mark("called")
      await idle(mode, pane)
      mark("idle")
    }
    const capture = (...flags: string[]) =>
      unroot(pane.tmux("capture-pane", "-p", "-J", ...flags, "-S", "-", "-t", "e2e"), box.root)
    const calledMore = llm.requests().length - calls
    if (calledMore > 0)
      throw new Error(
        `${mode}: the model was called ${calledMore} more time(s) than scripted; the last call was sent ${JSON.stringify(llm.requests().at(-1)?.last).slice(0, 600)}\n${capture()}`,
      )
    return { mode, text: capture(), styled: capture("-e") }
  } finally {
    for (const c of cleanups.reverse()) await c()
  }
}

/**
 * The program takes what is typed as a prompt: its start-up is over (pi: `../pi-started.ts`).
 * xagent takes type-ahead, but its prompt is typed once its session is live (its status bar names
 * the model), so what it shows never depends on how fast it started.
 */
function started(mode: Mode, pane: Pane): boolean {
  const screen = pane.screen()
  if (mode !== "pi") return screen.includes("Ask anything") && screen.includes(" Mock ")
  return screen.includes("mock-1") && piStarted(pane)
}
