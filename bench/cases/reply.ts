import type { BenchCase } from "../lib/bench-case"
import { metric, vsPi, withProgram } from "../lib/bench-case"

const PROMPT = "say the bench word"
const MARKER = "pong-4d1c"

export const reply: BenchCase = {
  id: "reply",
  title: "reply",
  measures:
    `Once the session is ready (model name on screen, CPU quiet), "${PROMPT}" is typed and shown; the time ` +
    `from sending Enter until the reply's first text ("${MARKER}", the first streamed chunk) is on screen.`,
  metrics: [metric("median", "reply_s", "Enter → first reply text", "s", vsPi(1.0))],
  async setup(ctx) {
    await ctx.serve("reply", { fallback: `${MARKER} is the word.` }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, {}, async (run) => {
      await run.typeWhenReady(PROMPT)
      const sent = performance.now()
      await run.pane.key("Enter")
      const seen = await run.pane.waitForText(MARKER)
      return { reply_s: run.seconds(sent, seen) }
    })
  },
}
