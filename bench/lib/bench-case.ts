// What a case is, and the one way a case runs a program: in a fresh tmux session with a tagged
// environment, always torn down (pane, detached daemon and all) whatever happens.
import { mkdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Program, ProgramId } from "../programs"
import { REPO } from "../programs"
import type { AgentDir } from "./agent-dir"
import type { Scenario } from "./mockllm"
import { Pane, WaitTimeout } from "./pane"
import { leftovers, sampleTree, settle, type TreeSample } from "./proc"
import type { Tmux } from "./tmux"

export type Unit = "s" | "ms" | "MB" | "CPU s" | "CPU ms" | "CPU ms/1k tok" | "×" | "B/tok" | "count"

export interface MetricSpec {
  key: string
  label: string
  unit: Unit
  /** median of per-run values, or a percentile over every sample of every run */
  stat: "median" | "p50" | "p95"
  /** a figure computed from all of a program's samples instead of one key (e.g. a ratio of medians) */
  derive?: (samples: Record<string, number[]>) => number
  /** `ratio`: xagent ÷ pi must be ≤ max; `own`: xagent's own figure must be ≤ max */
  target?: { kind: "ratio" | "own"; max: number }
}

/** Target: xagent's figure may be at most `max` times pi's. */
export const vsPi = (max: number): MetricSpec["target"] => ({ kind: "ratio", max })
/** Target: xagent's own figure may be at most `max`. */
export const atMost = (max: number): MetricSpec["target"] => ({ kind: "own", max })

/** One figure of a case; without a target it is shown for information. */
export function metric(
  stat: MetricSpec["stat"],
  key: string,
  label: string,
  unit: Unit,
  target?: MetricSpec["target"],
): MetricSpec {
  return target ? { key, label, unit, stat, target } : { key, label, unit, stat }
}

export interface Options {
  runs: number
  streamTokens: number
  pacedTokens: number
  echoChars: number
  idleSeconds: number
  /** the idle period starts at least this long after the program is ready */
  idleSettleSeconds: number
  sessionMessages: number
}

export interface CaseContext {
  tmux: Tmux
  dir: AgentDir
  options: Options
  /** artefacts that outlive one case (the long session file) */
  shared: Map<string, unknown>
  log(line: string): void
  /** starts a mockllm for this case and points models.json at it */
  serve(name: string, scenario: Scenario, tps: number): Promise<void>
}

export type RunValues = Record<string, number | number[]>

export interface BenchCase {
  id: string
  title: string
  /** exactly what is measured, for docs/benchmarks.md */
  measures: string
  metrics: MetricSpec[]
  /** programs it runs, in alternation order (default: both) */
  programs?: ProgramId[]
  setup(ctx: CaseContext): Promise<void>
  /** one run of one program; the harness alternates programs run by run */
  once?(ctx: CaseContext, program: Program, run: number): Promise<RunValues>
  /** or: one run of all programs at the same time (for waiting cases, where taking turns only costs time) */
  together?(ctx: CaseContext, programs: Program[], run: number): Promise<Partial<Record<ProgramId, RunValues>>>
}

export interface Run {
  pane: Pane
  tag: string
  sample(opts?: { threads?: boolean }): TreeSample
  /** waits until the tree is quiet (less than 20 ms CPU per 200 ms), at most capMs */
  settle(capMs?: number): Promise<TreeSample>
  /** once the session is ready and the tree quiet, types `prompt` (not sent) and waits until it shows */
  typeWhenReady(prompt: string): Promise<void>
  seconds(since: number, until: number): number
}

let runSerial = 0
/** every process of every run of this bench has XAGENT_BENCH_TAG=b<pid>r<n> in its environment */
export const TAG_PREFIX = `XAGENT_BENCH_TAG=b${process.pid}r`

export async function withProgram<T>(
  ctx: CaseContext,
  program: Program,
  opts: {
    session?: string
    extensions?: string[]
    /** Runs first, with a way to start the same program (same environment and tag) in a pane of its own. */
    before?: (start: () => Promise<Pane>) => Promise<void>
  },
  fn: (run: Run) => Promise<T>,
): Promise<T> {
  const tag = `${TAG_PREFIX}${++runSerial}`
  const env = {
    ...ctx.dir.env(tag.split("=")[1]!),
    // bin/xagent finds its own Bun; Pi's `#!/usr/bin/env node` needs node on PATH, as a user's shell has
    PATH: `${join(REPO, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    TERM: "tmux-256color",
    COLORTERM: "truecolor",
    LANG: process.env.LANG ?? "C.UTF-8",
    // the patch switches (docs/patches.md) reach the program, so a patch can be measured switched off
    ...Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith("XAGENT_NO_") && v)),
  }
  const launch = () =>
    Pane.launch(ctx.tmux, {
      name: program.id,
      argv: program.argv(opts),
      env,
      cwd: ctx.dir.work,
      scratch: ctx.dir.scratch,
    })
  if (opts.before) {
    const earlier: Pane[] = []
    try {
      await opts.before(async () => {
        const p = await launch()
        earlier.push(p)
        return p
      })
    } catch (e) {
      // what it left (a daemon) goes by the tag
      for (const p of earlier) await p.kill()
      await reap(earlier[0]?.pid ?? -1, tag)
      throw e
    }
  }
  const pane = await launch()
  const run: Run = {
    pane,
    tag,
    sample: (opts) => sampleTree(pane.pid, tag, opts),
    settle: (capMs = 5000) => settle(pane.pid, tag, { capMs }),
    async typeWhenReady(prompt) {
      await pane.waitForText(program.markers.ready)
      await run.settle()
      await pane.type(prompt)
      await pane.waitForText(prompt)
    },
    seconds: (since, until) => (until - since) / 1000,
  }
  try {
    return await fn(run)
  } catch (e) {
    if (e instanceof WaitTimeout) {
      // outside the temp dir, which goes when the bench ends
      const dir = join(tmpdir(), `xagent-bench-failures-${process.pid}`)
      mkdirSync(dir, { recursive: true })
      const file = join(dir, `${pane.name}.txt`)
      writeFileSync(file, `${e.message}\n\n${e.screen}\n`)
      ctx.log(`    screen saved: ${file}`)
    }
    throw e
  } finally {
    await pane.kill()
    await reap(pane.pid, tag)
  }
}

/** Ends what a run left behind (a daemon the window started), by pid: TERM, then KILL after 3 s. */
async function reap(root: number, tag: string): Promise<void> {
  let pids = leftovers(root, tag)
  if (pids.length === 0) return
  for (const p of pids) signal(p, "SIGTERM")
  const deadline = performance.now() + 3000
  while ((pids = leftovers(root, tag)).length && performance.now() < deadline) await Bun.sleep(50)
  for (const p of pids) signal(p, "SIGKILL")
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig)
  } catch {
    // already gone
  }
}
