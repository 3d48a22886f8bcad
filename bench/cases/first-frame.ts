import type { BenchCase } from "../lib/bench-case"
import { withProgram } from "../lib/bench-case"
import { STARTUP_CPU_TAIL_MS, timeStart } from "./session-live"

export const firstFrame: BenchCase = {
  id: "first-frame",
  title: "first frame",
  measures:
    "Wall time from asking tmux to start the program (a fresh session, 100×30) until its first-frame marker " +
    "is on the screen (screen polled every 5 ms), and until the model name shows (a session is live and would " +
    "take a prompt; xagent starts its daemon: every run is cold). Start-up CPU: user + system time of every " +
    `process of the run (xagent: window, daemon, session host) from exec until ${STARTUP_CPU_TAIL_MS / 1000} s ` +
    "after the session is live.",
  metrics: [
    {
      key: "first_frame_s",
      label: "exec → first frame",
      unit: "s",
      stat: "median",
      target: { kind: "ratio", max: 0.5 },
    },
    {
      key: "ready_s",
      label: "exec → session live, cold daemon",
      unit: "s",
      stat: "median",
      target: { kind: "ratio", max: 0.8 },
    },
    { key: "cpu_s", label: "start-up CPU", unit: "CPU s", stat: "median", target: { kind: "ratio", max: 1.0 } },
  ],
  async setup(ctx) {
    await ctx.serve("first-frame", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, (run) => timeStart(run, program))
  },
}
