import type { BenchCase, Run, RunValues } from "../lib/bench-case"
import { withProgram } from "../lib/bench-case"
import { mainPid, preciseCpuS, type TreeSample } from "../lib/proc"
import type { Program, ProgramId } from "../programs"

export const idle: BenchCase = {
  id: "idle",
  title: "idle",
  measures:
    "Both windows are open side by side on empty sessions (nothing to gain from taking turns while waiting); " +
    "once each is ready and quiet (model name shown, then < 20 ms CPU per 200 ms, then 1 s more), the CPU " +
    "time of each process tree over the same idle period, with no input and no screen polling, from the " +
    "kernel's per-thread nanosecond counters (`/proc/<pid>/task/<tid>/schedstat`). RSS at the end, for " +
    "information. The raw samples split the CPU between the program's own process (main) and the rest of " +
    "its tree (helpers: xagent's daemon).",
  metrics: [
    { key: "cpu_ms", label: "CPU while idle", unit: "CPU ms", stat: "median", target: { kind: "ratio", max: 0.5 } },
    { key: "rss_mb", label: "RSS while idle (info)", unit: "MB", stat: "median" },
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
      for (const { program, run } of runs) await run.pane.waitForText(program.markers.ready)
      for (const { run } of runs) await run.settle()
      await Bun.sleep(1000)
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
        const mainCpu = main === undefined ? cpu : preciseCpuS(own(b), own(a)) * 1000
        out[program.id] = { cpu_ms: cpu, rss_mb: a.rssKb / 1024, main_cpu_ms: mainCpu, helpers_cpu_ms: cpu - mainCpu }
      })
      return out
    }
    return open(0)
  },
}
