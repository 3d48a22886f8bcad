import { LAST_MESSAGE_MARKER, sessionCopy } from "../fixtures/long-session"
import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"
import { mainPid, uniqueResidentKb } from "../lib/proc"

export const longResume: BenchCase = {
  id: "long-resume",
  title: "long resume",
  measures:
    "A generated Pi v3 session file of N messages (turns of user → assistant with a bash call → tool " +
    "result → assistant answer with a list and a code block) is copied fresh for each run and opened with " +
    "`--session <file>`. Time: exec until the marker that ends the last message is on screen (xagent's window " +
    "draws the file's history itself while its session host starts), and for information until the session is " +
    "ready (the model name shows: a prompt would be taken). RSS: the sum over the process tree " +
    "(xagent's window + daemon + session host) once the session is ready (the model name shows) and the tree is " +
    "quiet after that (at most 5 s later); the " +
    "raw samples also give the program's own process alone (main_rss_mb: xagent's window). For information, " +
    "the same moment's memory with every physical page counted once (from /proc/<pid>/pagemap): a sum of RSS " +
    "counts the pages two processes share (xagent's window and daemon both map the Bun binary) twice.",
  metrics: [
    metric("median", "resume_s", "exec → last message on screen", "s", vsPi(0.5)),
    metric("median", "ready_s", "exec → session ready (info)", "s"),
    metric("median", "rss_mb", "RSS after resume", "MB", vsPi(1.0)),
    metric("median", "unique_mb", "memory, shared pages once (info)", "MB"),
  ],
  async setup(ctx) {
    await ctx.serve("long-resume", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    const session = sessionCopy(ctx, "long")
    return withProgram(ctx, program, { session }, async (run) => {
      const seen = await run.pane.waitForText(LAST_MESSAGE_MARKER, { timeoutMs: 90_000, pollMs: 10 })
      // the memory of the resumed session, not of a window still waiting for its host
      const ready = await run.pane.waitForText(program.markers.ready, { timeoutMs: 90_000, pollMs: 10 })
      const quiet = await run.settle()
      const main = quiet.rssKbByPid.get(mainPid(quiet, run.pane.pid) ?? -1) ?? quiet.rssKb
      const unique = uniqueResidentKb(quiet.pids)
      return {
        resume_s: run.seconds(run.pane.startedAt, seen),
        ready_s: run.seconds(run.pane.startedAt, ready),
        rss_mb: quiet.rssKb / 1024,
        main_rss_mb: main / 1024,
        ...(unique ? { unique_mb: unique / 1024 } : {}),
      }
    })
  },
}
