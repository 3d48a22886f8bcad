// One package's scenario in pi and in xagent, side by side: each program gets a sandbox of its own
// (the same project files, the same settings.json naming the one package, the cached install linked
// in as the agent dir's npm folder, a scripted model of its own), runs in tmux, and the person's
// keys are typed turn by turn. What a turn should show is waited for in each program's terminal
// (scrollback and screen); the test then says which program showed it.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, XAGENT_BIN, type Step } from "../../fixture/mockllm"
import { piStarted } from "../../e2e/pi-started"
import { openPane, type Pane } from "../../e2e/tmux"

export type Program = "pi" | "xagent"

export interface Turn {
  /** Typed, then Enter (a slash command or a message). */
  say?: string
  /** Keys pressed instead (tmux names: Escape, C-o). */
  keys?: string[]
  /** Shown once the screen no longer matches this (a panel closed). */
  gone?: RegExp
  /** What the terminal shows once the turn did what the package brings (unset: nothing to wait for). */
  see?: RegExp
  /** Keys pressed after `see` showed (e.g. Escape to close a dialog). */
  then?: string[]
  /** Model calls this turn makes (each step of the script is one). */
  calls?: number
}

export interface Scenario {
  /** `name@version`, from the corpus. */
  pkg: string
  steps?: Step[]
  turns: Turn[]
  /** settings.json fields beside `packages`. */
  settings?: Record<string, unknown>
  /** Files of the agent dir (mcp.json, prompts/…), path → text; `<root>` is the sandbox's root. */
  agentFiles?: Record<string, string>
  /** Project files, path → text. */
  files?: Record<string, string>
  /** Files under the sandbox's root (its home is `home/`, its XDG_CONFIG_HOME `config/`). */
  rootFiles?: Record<string, string>
  /** A page served on 127.0.0.1 for the run; `<url>` in the steps is its address. */
  serve?: string
}

export interface Run {
  program: Program
  /** Per turn: whether its `see` showed within the wait. */
  seen: boolean[]
  /** The screen when each turn's `see` showed (or at the deadline). */
  screens: string[]
  /** The terminal's text at the end (scrollback and screen). */
  text: string
  /** Each model request: how many messages it carried, its last ones as JSON, the tools offered. */
  requests: { count: number; last: string; tools: string[] }[]
}

const PI_NODE = join(REPO_ROOT, "node_modules/node/bin/node")
const PI_BIN = join(REPO_ROOT, "node_modules/.bin/pi")

/**
 * Every wait of a run (the start, each turn's screen, its model calls, the reply's end) ends at one
 * deadline this long after the run starts, under the test's ceiling (judge.ts). With a fixed 120 s
 * for each wait, a scenario that passes alone in seconds timed out beside a whole suite (a start
 * loads the package and its dependencies, on a loaded two-core machine); now a slow step takes
 * what the others did not need, and a failure still names the turn.
 */
export const RUN_MS = 540_000

/** CI markers make Pi's colour library drop styles; both programs get a person's terminal. */
const CI_MARKERS = /^(CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|RUN_ID|GITHUB_ACTIONS|GITLAB_CI|NO_COLOR|FORCE_COLOR)$/

/** A reply still running: a spinner, pi's or xagent's working line. */
const BUSY = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\bWorking\b/

function command(program: Program): string {
  if (program === "pi") return `${PI_NODE} ${PI_BIN} --tui-mode regular`
  // No sandbox: pi has none, and the comparison is of what each program does with the package.
  return `${XAGENT_BIN} --no-daemon --inline --dangerously-skip-sandbox`
}

async function waitSeen(pane: Pane, see: RegExp, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (see.test(pane.scrollback())) return true
    await Bun.sleep(250)
  }
  return false
}

async function waitGone(pane: Pane, gone: RegExp, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (!gone.test(pane.screen())) return true
    await Bun.sleep(250)
  }
  return false
}

export async function runIn(program: Program, s: Scenario, npmDir: string): Promise<Run> {
  const deadline = Date.now() + RUN_MS
  const box = makeSandbox()
  const cleanups: (() => unknown)[] = [() => box.cleanup()]
  try {
    const put = (base: string, files: Record<string, string> = {}) => {
      for (const [path, body] of Object.entries(files)) {
        mkdirSync(dirname(join(base, path)), { recursive: true })
        writeFileSync(join(base, path), body.replaceAll("<root>", box.root))
      }
    }
    put(box.cwd, s.files)
    put(box.root, s.rootFiles)
    let steps = JSON.stringify(s.steps ?? []).replaceAll("<root>", box.root)
    if (s.serve !== undefined) {
      const body = s.serve
      const server = Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        fetch: () => new Response(body, { headers: { "content-type": "text/html" } }),
      })
      cleanups.push(() => server.stop(true))
      steps = steps.replaceAll("<url>", `http://127.0.0.1:${server.port}/page`)
    }
    const llm = await startMockLlm({ turns: JSON.parse(steps), fallback: "FALLBACK-NOT-SCRIPTED" })
    cleanups.push(() => llm.stop())
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl, settings: { packages: [`npm:${s.pkg}`], ...s.settings } })
    put(box.agentDir, s.agentFiles)
    symlinkSync(npmDir, join(box.agentDir, "npm"))
    const env = Object.fromEntries(Object.entries(box.env).filter(([k]) => !CI_MARKERS.test(k)))
    const pane = openPane({ cwd: box.cwd, env, cols: 110, rows: 34, history: 50_000 })
    cleanups.push(() => pane.kill())
    pane.tmux("set-option", "-g", "extended-keys", "on")
    pane.type(command(program))
    pane.send("Enter")
    // The first turn is typed once the program takes prompts (pi: an Enter before its start-up
    // ends only says "Startup is still in progress"; xagent: its session is live).
    await pane.waitFor(
      (screen) =>
        program === "pi" ? screen.includes("mock-1") && piStarted(pane) : /Ask anything[\s\S]* Mock /.test(screen),
      deadline - Date.now(),
    )
    const seen: boolean[] = []
    const screens: string[] = []
    let calls = 0
    for (const turn of s.turns) {
      calls += turn.calls ?? 0
      if (turn.say !== undefined) {
        pane.type(turn.say)
        pane.send("Enter")
      }
      for (const key of turn.keys ?? []) pane.send(key)
      let ok = turn.see ? await waitSeen(pane, turn.see, deadline) : true
      if (ok && turn.gone) ok = await waitGone(pane, turn.gone, deadline)
      seen.push(ok)
      screens.push(pane.screen())
      for (const key of turn.then ?? []) pane.send(key)
      while (llm.requests().length < calls && Date.now() < deadline) await Bun.sleep(100)
      // The next turn is typed once the reply is over, as a person would.
      while (BUSY.test(pane.screen()) && Date.now() < deadline) await Bun.sleep(100)
    }
    const requests = llm.requests().map((r) => ({ count: r.count, last: JSON.stringify(r.last), tools: r.tools }))
    return { program, seen, screens, text: pane.scrollback(), requests }
  } finally {
    for (const c of cleanups.reverse()) await c()
  }
}

/** The scenario in both programs at once (each has its own sandbox and model). */
export async function runBoth(s: Scenario, npmDir: string): Promise<{ pi: Run; xagent: Run }> {
  const [pi, xagent] = await Promise.all([runIn("pi", s, npmDir), runIn("xagent", s, npmDir)])
  return { pi: pi!, xagent: xagent! }
}
