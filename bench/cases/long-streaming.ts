import { LAST_MESSAGE_MARKER, sessionCopy } from "../fixtures/long-session"
import { replyText } from "../fixtures/reply-text"
import type { BenchCase, CaseContext, Run } from "../lib/bench-case"
import { atMost, metric, withProgram } from "../lib/bench-case"
import { median } from "../lib/stats"
import type { Program } from "../programs"

const PROMPT = "write the paced answer"
const END = "PACED-END-31"
const TPS = 2000

async function streamCpu(ctx: CaseContext, program: Program, session: string): Promise<number> {
  return withProgram(ctx, program, { session }, async (run: Run) => {
    await run.pane.waitForText(LAST_MESSAGE_MARKER, { timeoutMs: 90_000, pollMs: 20 })
    await run.pane.waitForText(program.markers.ready, { timeoutMs: 60_000 })
    await run.settle()
    await run.pane.type(PROMPT)
    await run.pane.waitForText(PROMPT)
    const before = run.sample()
    await run.pane.key("Enter")
    await run.pane.waitForText(END, { timeoutMs: 120_000, pollMs: 50 })
    const after = await run.settle(10_000)
    return ((after.cpuS - before.cpuS) * 1000) / (ctx.options.pacedTokens / 1000)
  })
}

const ratio = (s: Record<string, number[]>) => median(s.long_ms_per_ktok ?? []) / median(s.empty_ms_per_ktok ?? [])

export const longStreaming: BenchCase = {
  id: "long-streaming",
  title: "long streaming",
  measures:
    `CPU per streamed token (process tree, as in streaming cost) for a paced reply (mockllm --tps ${TPS}, ` +
    "about 200 chunks a second, so the window redraws all along) in the long session, divided by the same in an " +
    'empty one. "Empty" is a one-turn session (4 messages) opened the same way, so that one-time costs (the ' +
    "first code block, the highlighter, the welcome page giving way) stay out of both; each run does the " +
    "empty session, then the long one. The target is on xagent's own " +
    "ratio (does streaming cost grow with the transcript?); Pi's is shown for reference.",
  metrics: [
    metric("median", "empty_ms_per_ktok", "CPU per 1k tokens, one-turn session", "CPU ms/1k tok"),
    metric("median", "long_ms_per_ktok", "CPU per 1k tokens, long session", "CPU ms/1k tok"),
    { ...metric("median", "ratio", "long ÷ empty", "×", atMost(1.2)), derive: ratio },
  ],
  async setup(ctx) {
    await ctx.serve("long-streaming", { fallback: replyText(ctx.options.pacedTokens, END) }, TPS)
  },
  async once(ctx, program) {
    const empty = await streamCpu(ctx, program, sessionCopy(ctx, "short"))
    const long = await streamCpu(ctx, program, sessionCopy(ctx, "long"))
    return { empty_ms_per_ktok: empty, long_ms_per_ktok: long }
  },
}
