import { replyText } from "../fixtures/reply-text"
import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"

const PROMPT = "write the long answer"
const END = "STREAM-END-77"

export const streamingCost: BenchCase = {
  id: "streaming-cost",
  title: "streaming cost",
  measures:
    "CPU seconds (user+sys, ticks of 10 ms) of the program's whole process tree — descendants of the pane " +
    "and any process carrying the run's environment tag, so xagent's daemon counts — from Enter until the " +
    "reply's end marker is on screen and the tree is quiet again (< 20 ms CPU per 200 ms). The reply is " +
    "mockllm at full speed (--tps 0: one token per SSE chunk, no pauses), prose with lists and code blocks.",
  metrics: [
    metric("median", "cpu_s", "CPU to stream the reply", "CPU s", vsPi(0.5)),
    metric("median", "wall_s", "Enter → end on screen (info)", "s"),
  ],
  async setup(ctx) {
    await ctx.serve("streaming-cost", { fallback: replyText(ctx.options.streamTokens, END) }, 0)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, async (run) => {
      await run.typeWhenReady(PROMPT)
      const before = run.sample()
      const sent = performance.now()
      await run.pane.key("Enter")
      // coarse polling: the harness must not compete with the program it measures
      const seen = await run.pane.waitForText(END, { timeoutMs: 180_000, pollMs: 50 })
      const after = await run.settle(10_000)
      return { cpu_s: after.cpuS - before.cpuS, wall_s: run.seconds(sent, seen) }
    })
  },
}
