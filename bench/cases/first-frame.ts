import type { BenchCase } from "../lib/bench-case"
import { withProgram } from "../lib/bench-case"

export const firstFrame: BenchCase = {
  id: "first-frame",
  title: "first frame",
  measures:
    "Wall time from asking tmux to start the program (a fresh session, 100×30) until its first-frame marker " +
    "is on the screen (screen polled every 5 ms). Also, for information, until the model name shows " +
    "(a session is live and would take a prompt).",
  metrics: [
    {
      key: "first_frame_s",
      label: "exec → first frame",
      unit: "s",
      stat: "median",
      target: { kind: "ratio", max: 0.5 },
    },
    { key: "ready_s", label: "exec → session ready (info)", unit: "s", stat: "median" },
  ],
  async setup(ctx) {
    await ctx.serve("first-frame", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, async (run) => {
      const frame = await run.pane.waitForText(program.markers.firstFrame)
      const ready = await run.pane.waitForText(program.markers.ready)
      return {
        first_frame_s: run.seconds(run.pane.startedAt, frame),
        ready_s: run.seconds(run.pane.startedAt, ready),
      }
    })
  },
}
