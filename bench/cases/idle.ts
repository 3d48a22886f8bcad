import type { BenchCase, Run, RunValues } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"
import { mainPid, preciseCpuS, uniqueResidentKb, type TreeSample } from "../lib/proc"
import type { Program, ProgramId } from "../programs"

export const idle: BenchCase = {
  id: "idle",
  title: "idle",
  measures:
    "Both windows are open side by side on empty sessions (nothing to gain from taking turns while waiting). " +
    "Each program does some one-off work after it is ready: xagent's collector runs once about 4 s in, and JSC " +
    "warms up once about 10 s in; pi's V8 runs its memory reducer (a full collection, ~150 ms of CPU) about 20 s in. " +
    "What a window left open costs is what comes after that, so the idle period starts once each tree is at " +
    "least 30 s past ready (model name shown; 5 s with --quick) and has used < 1 ms CPU in each of 2 consecutive " +
    "seconds; the one-off work is reported apart (CPU from ready to the idle period, for information). Then the CPU " +
    "time of each process tree over the same idle period, with no input and no screen polling, from the " +
    "kernel's per-thread nanosecond counters (`/proc/<pid>/task/<tid>/schedstat`). RSS at the end, for " +
    "information, with the figure the issue sets a target for: the window and its session host, without the " +
    "daemon all windows share (≤ 1.0 × pi's one process), and the whole tree's memory with shared pages counted " +
    "once (two Bun processes map much of the same binary). The raw samples split the CPU between the program's own process (main) and the rest of " +
    "its tree (helpers: xagent's daemon). When both use no CPU at all the ratio is 0 ÷ 0 and the target, read " +
    "as xagent ≤ 0.5 × pi, holds.",
  metrics: [
    metric("median", "cpu_ms", "CPU while idle", "CPU ms", vsPi(0.5)),
    metric("median", "after_ready_cpu_ms", "CPU from ready to the idle period (info)", "CPU ms"),
    metric("median", "rss_mb", "RSS while idle (info)", "MB"),
    metric("median", "pair_rss_mb", "RSS of the window and its session host (pi: its process)", "MB", vsPi(1.0)),
    metric("median", "unique_mb", "memory of the whole tree, shared pages once (info)", "MB"),
    metric("median", "main_rss_mb", "RSS of the window process alone (info)", "MB"),
    metric("median", "helpers_rss_mb", "RSS of the rest of the tree: daemon and session host (info)", "MB"),
  ],
  async setup(ctx) {
    await ctx.serve("idle", { fallback: "ok" }, 2000)
  },
  async together(ctx, programs) {
    const runs: { program: Program; run: Run }[] = []
    // nest the runs so that every one of them is torn down, whatever fails
    const open = async (i: number): Promise<Partial<Record<ProgramId, RunValues>>> => {
      if (i < programs.length)
        return withProgram(ctx, programs[i]!, {}, async (run) => {
          runs.push({ program: programs[i]!, run })
          return open(i + 1)
        })
      const readyAt: number[] = []
      const atReady: TreeSample[] = []
      for (const { program, run } of runs) {
        await run.pane.waitForText(program.markers.ready)
        readyAt.push(performance.now())
        atReady.push(run.sample({ threads: true }))
      }
      const settleMs = ctx.options.idleSettleSeconds * 1000
      for (const [k, { run }] of runs.entries()) await startedUp(run, readyAt[k]! + settleMs)
      const before = runs.map(({ run }) => run.sample({ threads: true }))
      await Bun.sleep(ctx.options.idleSeconds * 1000)
      const after = runs.map(({ run }) => run.sample({ threads: true }))
      const out: Partial<Record<ProgramId, RunValues>> = {}
      runs.forEach(({ program, run }, k) => {
        const b = before[k]!
        const a = after[k]!
        // the program's own process (the pane shell's child) apart from helpers such as xagent's daemon
        const main = mainPid(a, run.pane.pid)
        const own = (s: TreeSample): TreeSample => {
          const threads = [...s.threadNs!].filter(([key]) => key.startsWith(`${main}/`))
          return { ...s, threadNs: new Map(threads) }
        }
        const cpu = preciseCpuS(b, a) * 1000
        const unique = uniqueResidentKb(a.pids)
        const mainCpu = main === undefined ? cpu : preciseCpuS(own(b), own(a)) * 1000
        out[program.id] = {
          cpu_ms: cpu,
          after_ready_cpu_ms: preciseCpuS(atReady[k]!, b) * 1000,
          rss_mb: a.rssKb / 1024,
          main_cpu_ms: mainCpu,
          pair_rss_mb: pairKb(a, main) / 1024,
          ...(unique ? { unique_mb: unique / 1024 } : {}),
          main_rss_mb: (main === undefined ? a.rssKb : (a.rssKbByPid.get(main) ?? 0)) / 1024,
          helpers_rss_mb: (main === undefined ? 0 : a.rssKb - (a.rssKbByPid.get(main) ?? 0)) / 1024,
          helpers_cpu_ms: cpu - mainCpu,
        }
      })
      return out
    }
    return open(0)
  },
}

/** Waits until `notBefore` (a performance.now() time) and until the run's tree used under 1 ms of CPU in each of 2 consecutive seconds. */
async function startedUp(run: Run, notBefore: number): Promise<void> {
  const deadline = notBefore + 20_000
  let quiet = 0
  let last = run.sample({ threads: true })
  while ((quiet < 2 || performance.now() < notBefore) && performance.now() < deadline) {
    await Bun.sleep(1000)
    const next = run.sample({ threads: true })
    quiet = preciseCpuS(last, next) < 0.001 ? quiet + 1 : 0
    last = next
  }
}

/**
 * The window and the session host it uses: the window's process and its grandchildren (window →
 * daemon → host), without the daemon, which all windows share. A program with one process: that.
 */
function pairKb(s: TreeSample, main: number | undefined): number {
  if (main === undefined) return s.rssKb
  const daemons = s.pids.filter((p) => s.parents.get(p) === main)
  const hosts = s.pids.filter((p) => daemons.includes(s.parents.get(p)!))
  return [main, ...hosts].reduce((kb, p) => kb + (s.rssKbByPid.get(p) ?? 0), 0)
}
