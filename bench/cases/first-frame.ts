import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"
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
    metric("median", "first_frame_s", "exec → first frame", "s", vsPi(0.5)),
    metric("median", "ready_s", "exec → session live, cold daemon", "s", vsPi(0.8)),
    metric("median", "cpu_s", "start-up CPU", "CPU s", vsPi(1.0)),
  ],
  async setup(ctx) {
    await ctx.serve("first-frame", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, (run) => timeStart(run, program))
  },
}
