import { replyText } from "../fixtures/reply-text"
import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"

const PROMPT = "write while I type"
const END = "ECHO-END-12"
const TPS = 2000
const STREAMING = "keeps a journal" // in the reply's first chunk
const LEAD = "zq" // typed first; then digits, each one timed
// pauses between keys, fixed so that every run and program types alike
export const GAPS_MS = [90, 140, 110, 160, 100, 130, 150, 95, 120, 145, 105, 135]

export const keystrokeEcho: BenchCase = {
  id: "keystroke-echo",
  title: "keystroke echo",
  measures:
    `While a paced reply streams (mockllm --tps ${TPS}), single characters are typed into the prompt one at ` +
    "a time (90–160 ms apart); each sample is the time from tmux sending the key until the prompt line " +
    "with that character is on screen (polled every 2 ms). p50/p95 over all keys of all runs; keys typed " +
    "after the reply ended would be dropped (the reply is long enough that none are).",
  metrics: [
    metric("p50", "echo_ms", "key → on screen, p50", "ms", vsPi(1.0)),
    metric("p95", "echo_ms", "key → on screen, p95", "ms", vsPi(1.0)),
  ],
  async setup(ctx) {
    // long enough to outlast the typing; the run ends (and the stream with it) when the typing is done
    await ctx.serve("keystroke-echo", { fallback: replyText(16_000, END) }, TPS)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, async (run) => {
      await run.typeWhenReady(PROMPT)
      await run.pane.key("Enter")
      await run.pane.waitForText(STREAMING, { pollMs: 10 })
      await Bun.sleep(300)
      await run.pane.type(LEAD)
      await run.pane.waitForText(LEAD)
      const samples: number[] = []
      let typed = LEAD
      for (let i = 0; i < ctx.options.echoChars; i++) {
        await Bun.sleep(GAPS_MS[i % GAPS_MS.length]!)
        const ch = String((i + 1) % 10)
        typed += ch
        const sent = performance.now()
        await run.pane.type(ch)
        let ended = false
        const seen = await run.pane.waitFor(
          JSON.stringify(typed),
          (screen) => {
            ended ||= screen.includes(END)
            return screen.includes(typed)
          },
          { pollMs: 2, timeoutMs: 10_000 },
        )
        if (!ended) samples.push(seen - sent)
      }
      return { echo_ms: samples }
    })
  },
}
