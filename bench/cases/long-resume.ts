import { LAST_MESSAGE_MARKER, sessionCopy } from "../fixtures/long-session"
import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"
import { mainPid, uniqueResidentKb } from "../lib/proc"
import type { Program } from "../programs"

/**
 * One shape of the resume: the screen mode (xagent's; pi always draws inline) and the session's
 * size ("long": options.sessionMessages, "huge": four times that, to see whether the time grows
 * with the history's length faster than pi's).
 */
function longResumeCase(opts: {
  id: string
  title: string
  mode: "inline" | "fullscreen"
  size: "long" | "huge"
}): BenchCase {
  const flag = opts.mode === "inline" ? [] : ["--fullscreen"]
  const sized = opts.size === "long" ? "N messages" : "4 × N messages"
  return {
    id: opts.id,
    title: opts.title,
    measures:
      `A generated Pi v3 session file of ${sized} (turns of user → assistant with a bash call → tool ` +
      "result → assistant answer with a list and a code block) is copied fresh for each run and opened with " +
      `\`--session <file>\`${opts.mode === "fullscreen" ? " and xagent's `--fullscreen`" : " (xagent inline, its default)"}. ` +
      "Time: exec until the marker that ends the last message is on screen (xagent's window " +
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
      // "window memory after it ≤ pi's" (issue #30) is asked of the long history
      opts.size === "huge"
        ? metric("median", "main_rss_mb", "RSS of the window alone (pi: its process)", "MB", vsPi(1.0))
        : metric("median", "main_rss_mb", "RSS of the window alone (pi: its process) (info)", "MB"),
    ],
    async setup(ctx) {
      await ctx.serve(opts.id, { fallback: "ok" }, 2000)
    },
    once(ctx, program) {
      const session = sessionCopy(ctx, opts.size)
      const shown: Program =
        program.id === "xagent" ? { ...program, argv: (o) => [...program.argv(o), ...flag] } : program
      return withProgram(ctx, shown, { session }, async (run) => {
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
}

export const longResume = longResumeCase({ id: "long-resume", title: "long resume", mode: "inline", size: "long" })
export const longResumeFullscreen = longResumeCase({
  id: "long-resume-fullscreen",
  title: "long resume, full screen",
  mode: "fullscreen",
  size: "long",
})
export const hugeResume = longResumeCase({
  id: "huge-resume",
  title: "resume, 4 × the messages",
  mode: "inline",
  size: "huge",
})
