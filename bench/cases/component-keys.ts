import { join } from "node:path"
import type { BenchCase } from "../lib/bench-case"
import { atMost, metric, withProgram } from "../lib/bench-case"
import { REPO } from "../programs"
import { GAPS_MS } from "./keystroke-echo"

// Pi's own example: an overlay with a text field (ctx.ui.custom, pi-tui components).
const EXAMPLE = join(REPO, "node_modules/@earendil-works/pi-coding-agent/examples/extensions/overlay-test.ts")
const OPEN = "Overlay Test"
const LEAD = "zq"

export const componentKeys: BenchCase = {
  id: "component-keys",
  title: "extension component: key → frame",
  measures:
    "Pi's overlay-test example extension (-e) opens its overlay (/overlay-test), a pi-tui component with a " +
    "text field; single characters are typed into it one at a time (90–160 ms apart); each sample is the " +
    "time from tmux sending the key until the field with that character is on screen (polled every 2 ms). " +
    "In xagent the key goes to the session host, which runs the component and sends its rows back; in pi " +
    "the component runs in the window's own process. p50/p95 over all keys of all runs. The target is " +
    "xagent's own: a key's frame within one 60 Hz frame at p50 (two process hops cannot match an in-process " +
    "render, so no ratio is set).",
  metrics: [
    metric("p50", "key_ms", "key → frame, p50", "ms", atMost(16)),
    metric("p95", "key_ms", "key → frame, p95", "ms"),
  ],
  async setup(ctx) {
    await ctx.serve("component-keys", { fallback: "ok" }, 2000)
  },
  once(ctx, program) {
    return withProgram(ctx, program, { extensions: [EXAMPLE] }, async (run) => {
      await run.typeWhenReady("/overlay-test")
      await run.pane.key("Enter")
      // A completion menu may take the first Enter (pi's does): a second one runs the command.
      try {
        await run.pane.waitForText(OPEN, { timeoutMs: 3000 })
      } catch {
        await run.pane.key("Enter")
        await run.pane.waitForText(OPEN)
      }
      await run.settle()
      await run.pane.type(LEAD)
      await run.pane.waitForText(`Search: ${LEAD}`)
      const samples: number[] = []
      let typed = LEAD
      for (let i = 0; i < ctx.options.echoChars; i++) {
        await Bun.sleep(GAPS_MS[i % GAPS_MS.length]!)
        typed += String((i + 1) % 10)
        const sent = performance.now()
        await run.pane.type(typed.at(-1)!)
        const seen = await run.pane.waitForText(`Search: ${typed}`, { pollMs: 2, timeoutMs: 10_000 })
        samples.push(seen - sent)
      }
      return { key_ms: samples }
    })
  },
}
