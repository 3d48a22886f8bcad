import type { BenchCase } from "../lib/bench-case"
import { withProgram } from "../lib/bench-case"

export const idle: BenchCase = {
  id: "idle",
  title: "idle",
  measures:
    "With the window open on an empty session that is ready and quiet (model name shown, then < 20 ms CPU " +
    "per 200 ms, then 1 s more), CPU seconds of the whole process tree over the idle period with no input " +
    "and no screen polling. RSS at the end, for information.",
  metrics: [
    { key: "cpu_s", label: "CPU while idle", unit: "CPU s", stat: "median", target: { kind: "ratio", max: 0.5 } },
    { key: "rss_mb", label: "RSS while idle (info)", unit: "MB", stat: "median" },
  ],
  async setup(ctx) {
    await ctx.serve("idle", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, async (run) => {
      await run.pane.waitForText(program.markers.ready)
      await run.settle()
      await Bun.sleep(1000)
      const before = run.sample()
      await Bun.sleep(ctx.options.idleSeconds * 1000)
      const after = run.sample()
      return { cpu_s: after.cpuS - before.cpuS, rss_mb: after.rssKb / 1024 }
    })
  },
}
