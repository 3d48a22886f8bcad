// `npm run bench`: xagent and pi side by side on the same scripted model, measured through tmux,
// written to docs/benchmarks.md. Options: --runs N, --quick, --only a,b, --programs xagent,pi,
// --no-daemon, --keep (the temp dir), --out FILE, --no-write.
import { spawnSync } from "node:child_process"
import { existsSync, writeFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { attachLong } from "./cases/attach-long"
import { busyNeighbour } from "./cases/busy-neighbour"
import { componentKeys } from "./cases/component-keys"
import { firstFrame } from "./cases/first-frame"
import { idle } from "./cases/idle"
import { keystrokeEcho } from "./cases/keystroke-echo"
import { hugeResume, longResume, longResumeFullscreen } from "./cases/long-resume"
import { longStreaming } from "./cases/long-streaming"
import { reply } from "./cases/reply"
import { sandboxCost } from "./cases/sandbox-cost"
import { liveBusy, liveWarm } from "./cases/session-live"
import { streamingCost } from "./cases/streaming-cost"
import { subagentNeighbour } from "./cases/subagent-neighbour"
import { terminalOutputFullscreen, terminalOutputInline } from "./cases/terminal-output"
import { createAgentDir } from "./lib/agent-dir"
import { TAG_PREFIX, type BenchCase, type CaseContext, type Options } from "./lib/bench-case"
import { describeMachine } from "./lib/machine"
import { startMockLlm, type MockLlm } from "./lib/mockllm"
import { renderReport, resultsTable, rows, type CaseOutcome } from "./lib/report"
import { pidsWithEnv } from "./lib/proc"
import { runCase } from "./lib/run-case"
import { Tmux } from "./lib/tmux"
import { pi, REPO, xagent, type Program, type ProgramId } from "./programs"

const CASES: BenchCase[] = [
  firstFrame,
  liveWarm,
  liveBusy,
  reply,
  streamingCost,
  longResume,
  longResumeFullscreen,
  hugeResume,
  attachLong,
  longStreaming,
  terminalOutputFullscreen,
  terminalOutputInline,
  keystrokeEcho,
  componentKeys,
  idle,
  sandboxCost,
  busyNeighbour,
  subagentNeighbour,
]

interface Args {
  options: Options
  only?: string[]
  programs: ProgramId[]
  daemon: boolean
  keep: boolean
  write: boolean
  out: string
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(name)
    if (i < 0) return undefined
    const v = argv[i + 1]
    if (v === undefined || v.startsWith("--")) throw new Error(`${name} needs a value`)
    return v
  }
  const known = ["--runs", "--quick", "--only", "--programs", "--no-daemon", "--keep", "--out", "--no-write", "--write"]
  for (const a of argv) {
    if (a.startsWith("--") && !known.includes(a)) throw new Error(`unknown option ${a} (known: ${known.join(" ")})`)
  }
  const quick = argv.includes("--quick")
  const options: Options = quick
    ? {
        runs: 2,
        streamTokens: 5000,
        pacedTokens: 2000,
        echoChars: 6,
        idleSeconds: 3,
        idleSettleSeconds: 5,
        sessionMessages: 400,
      }
    : {
        runs: 5,
        streamTokens: 20_000,
        pacedTokens: 6000,
        echoChars: 12,
        idleSeconds: 10,
        idleSettleSeconds: 30,
        sessionMessages: 2000,
      }
  const runs = value("--runs")
  if (runs !== undefined) {
    options.runs = Number(runs)
    if (!Number.isInteger(options.runs) || options.runs < 1)
      throw new Error(`--runs must be a whole number ≥ 1, got ${runs}`)
  }
  const only = value("--only")?.split(",")
  for (const id of only ?? []) {
    if (!CASES.some((c) => c.id === id))
      throw new Error(`--only: no case ${id} (cases: ${CASES.map((c) => c.id).join(", ")})`)
  }
  const programs = (value("--programs")?.split(",") ?? ["xagent", "pi"]) as ProgramId[]
  for (const p of programs) {
    if (p !== "xagent" && p !== "pi") throw new Error(`--programs: no program ${p} (xagent, pi)`)
  }
  return {
    options,
    only,
    programs,
    daemon: !argv.includes("--no-daemon"),
    keep: argv.includes("--keep"),
    // a quick run is for checking the harness: its figures do not replace the document unless asked
    write: argv.includes("--write") || (!quick && !argv.includes("--no-write")),
    out: value("--out") ?? join(REPO, "docs", "benchmarks.md"),
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2)
  const args = parseArgs(argv)
  for (const tool of ["tmux", "node"]) if (!Bun.which(tool)) throw new Error(`the bench needs ${tool} on PATH`)
  const started = performance.now()
  const log = (line: string) => console.log(line)

  const programs: Program[] = []
  const notes: string[] = []
  if (args.programs.includes("xagent")) {
    if (existsSync(join(REPO, "bin", "xagent"))) programs.push(xagent({ daemon: args.daemon }))
    else notes.push("xagent was not measured: bin/xagent is missing")
  }
  if (args.programs.includes("pi")) programs.push(pi)
  if (programs.length === 0) throw new Error("nothing to measure")
  const machine = describeMachine(programs)
  const cases = CASES.filter((c) => !args.only || args.only.includes(c.id))

  const dir = createAgentDir()
  const tmux = await Tmux.start(`xagent-bench-${process.pid}`)
  let mock: MockLlm | undefined
  const ctx: CaseContext = {
    tmux,
    dir,
    options: args.options,
    shared: new Map(),
    log,
    async serve(name, scenario, tps) {
      await mock?.stop()
      mock = await startMockLlm(dir.scratch, name, scenario, tps)
      dir.useModelServer(mock.baseUrl)
    },
  }
  const outcomes: CaseOutcome[] = []
  const measured: Program[] = []
  // Ctrl-C must not leave a tmux server, a daemon or a mockllm behind; awaiting is not possible here
  const abort = () => {
    spawnSync("tmux", ["-L", tmux.socket, "kill-server"])
    tmux.removeSocket()
    for (const pid of pidsWithEnv(TAG_PREFIX)) {
      try {
        process.kill(pid, "SIGKILL")
      } catch {
        // gone already
      }
    }
    mock?.killNow()
    if (!args.keep) dir.remove()
    process.exit(130)
  }
  process.on("SIGINT", abort)
  process.on("SIGTERM", abort)
  try {
    const names = programs.map((p) => `${p.id} ${p.version()}`).join(", ")
    log(`bench: ${names}; ${args.options.runs} runs; temp ${dir.root}`)
    // the first start of each program fills caches (Bun's transpiler cache lives in the temp HOME)
    await firstFrame.setup(ctx)
    for (const p of programs) {
      try {
        await firstFrame.once!(ctx, p, -1)
        measured.push(p)
      } catch (e) {
        // a program that cannot draw its first frame would only time out, case after case
        notes.push(`${p.id} was not measured: its warm-up run failed (${(e as Error).message})`)
        log(`warm-up: ${notes.at(-1)}`)
      }
    }
    for (const bench of cases) outcomes.push(await runCase(ctx, bench, measured))
  } finally {
    await mock?.stop()
    await tmux.kill()
    if (args.keep) log(`kept ${dir.root}`)
    else dir.remove()
  }

  const totalSeconds = (performance.now() - started) / 1000
  log("")
  log(resultsTable(rows(outcomes)))
  log(`\ntotal ${totalSeconds.toFixed(0)} s`)
  if (args.write) {
    const command = `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}`
    writeFileSync(
      args.out,
      renderReport({
        date: new Date(),
        command,
        machine,
        options: args.options,
        daemon: args.daemon,
        outcomes,
        totalSeconds,
        loadAtEnd: loadavg(),
        notes,
      }),
    )
    log(`wrote ${args.out}`)
  }
  return outcomes.some((o) => o.failures.length) ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`bench: ${(e as Error).message}`)
    process.exit(2)
  },
)
