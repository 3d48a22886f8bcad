// exec → session live beyond the cold start of "first frame": with xagent's daemon already
// running, and with the machine busy (what a person's machine is while a build or tests run).
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync } from "node:fs"
import type { CaseContext, Run } from "../lib/bench-case"
import { type BenchCase, metric, vsPi, withProgram } from "../lib/bench-case"
import type { Pane } from "../lib/pane"
import { mainPid, sampleTree } from "../lib/proc"
import type { Program } from "../programs"

/** CPU of the start counts until this long after the session is live (what settles after it too). */
export const STARTUP_CPU_TAIL_MS = 1500
const BUSY_PROCESSES = 4
/** A tag no process has: a pane's own descendants only. */
const NO_TAG = "XAGENT_BENCH_NO_TAG=-"

/** exec → first frame and → live; the run's CPU (every process of it) until live + the tail. */
export async function timeStart(run: Run, program: Program, cpuSince = 0) {
  const frame = await run.pane.waitForText(program.markers.firstFrame, { timeoutMs: 90_000 })
  const ready = await run.pane.waitForText(program.markers.ready, { timeoutMs: 90_000 })
  await Bun.sleep(Math.max(0, ready + STARTUP_CPU_TAIL_MS - performance.now()))
  return {
    first_frame_s: run.seconds(run.pane.startedAt, frame),
    ready_s: run.seconds(run.pane.startedAt, ready),
    cpu_s: run.sample().cpuS - cpuSince,
  }
}

export const liveWarm: BenchCase = {
  id: "live-warm",
  title: "session live, daemon running",
  measures:
    "As first frame, but xagent's daemon is already running: before each timed run the same program is " +
    "started once in another pane (same environment), left until its session is live, and closed (its daemon " +
    "stays, with the earlier session lingering). Time: exec of the second start until the model name shows. " +
    "Pi has no daemon: its figure is a start right after another pi start (warm file caches, as for xagent). " +
    `For information, the CPU of the second start's own processes (window, session host; the daemon's ` +
    `share from exec on) until ${STARTUP_CPU_TAIL_MS / 1000} s after it is live.`,
  metrics: [
    metric("median", "ready_s", "exec → session live, daemon running", "s", vsPi(0.5)),
    metric("median", "cpu_s", "start-up CPU, daemon running (info)", "CPU s"),
  ],
  async setup(ctx) {
    await ctx.serve("live-warm", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    const before = async (start: () => Promise<Pane>) => {
      const first = await start()
      await first.waitForText(program.markers.ready, { timeoutMs: 90_000 })
      // its window (pi: its process) must be gone, or its CPU would count against the next start's
      const main = mainPid(sampleTree(first.pid, NO_TAG), first.pid)
      await first.kill()
      for (let i = 0; main && existsSync(`/proc/${main}/stat`) && i < 500; i++) await Bun.sleep(20)
    }
    // the daemon's CPU before this start is not this start's
    return withProgram(ctx, program, { before }, (run) => timeStart(run, program, run.sample().cpuS))
  },
}

export const liveBusy: BenchCase = {
  id: "live-busy",
  title: "session live, machine busy",
  measures:
    `As first frame (a cold start: xagent starts its daemon), with ${BUSY_PROCESSES} busy processes on the ` +
    "machine (shell loops that never sleep, started before the program and ended after each run), so each of " +
    "the program's processes waits its turn for a core. Time: exec until the model name shows. For " +
    `information: exec → first frame, and the run's CPU until ${STARTUP_CPU_TAIL_MS / 1000} s after it is live.`,
  metrics: [
    metric("median", "ready_s", `exec → session live, ${BUSY_PROCESSES} busy processes`, "s", vsPi(1.0)),
    metric("median", "first_frame_s", "exec → first frame, busy (info)", "s"),
    metric("median", "cpu_s", "start-up CPU, busy (info)", "CPU s"),
  ],
  async setup(ctx) {
    await ctx.serve("live-busy", { fallback: "ok" }, 2000)
  },
  async once(ctx, program) {
    const busy = startBusy(ctx)
    try {
      // the loops have their cores before the program starts
      await Bun.sleep(300)
      return await withProgram(ctx, program, {}, (run) => timeStart(run, program))
    } finally {
      for (const p of busy) p.kill("SIGKILL")
    }
  },
}

function startBusy(ctx: CaseContext): ChildProcess[] {
  return Array.from({ length: BUSY_PROCESSES }, () =>
    spawn("sh", ["-c", "while :; do :; done"], { cwd: ctx.dir.scratch, stdio: "ignore" }),
  )
}
