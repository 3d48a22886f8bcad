// Two sessions of one daemon, one busy: session A's extension blocks its process for 5 s while
// session B, in a real window, streams a reply and the person types. Each session has a host
// process of its own, so neither B's stream nor B's keystroke echo may stall.
import { fileURLToPath } from "node:url"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { connectOrStart } from "../../src/client/connect"
import type { EventEnvelope } from "../../src/protocol"
import { atMost, type BenchCase, metric, withProgram } from "../lib/bench-case"
import type { Pane } from "../lib/pane"

const SPIN = fileURLToPath(new URL("../fixtures/busy-extension.ts", import.meta.url))
const WORDS = 4000
const TPS = 400
const LEAD = "zq" // typed first; then digits, each one timed
// pauses between keys, as in the keystroke-echo case: about 1.5 s of typing, inside A's 5 s loop
const GAPS_MS = [90, 140, 110, 160, 100, 130, 150, 95, 120, 145, 105, 135]

export const busyNeighbour: BenchCase = {
  id: "busy-neighbour",
  title: "two sessions, one busy",
  measures:
    `Session B in an xagent window streams a ${WORDS}-word reply (mockllm --tps ${TPS}) while session A, another ` +
    "session of the same daemon opened over its socket in another folder, runs its extension's 5 s synchronous loop " +
    "(`/spin`). Measured during A's loop: the longest gap between two of B's streamed deltas (B subscribed over the " +
    "socket, from its fifth delta to its end) and B's keystroke echo (single keys typed into B's prompt 90–160 ms " +
    "apart; tmux sending the key → the prompt line with it on screen, polled every 2 ms). The same with A idle " +
    "gives the machine's own noise. Also A's `session.open` (a fresh session-host process: Pi's import and the " +
    "session's load) and B's idle host's resident memory.",
  programs: ["xagent"],
  metrics: [
    metric("median", "gap_ms", "B's longest delta gap while A loops", "ms", atMost(100)),
    metric("p50", "echo_ms", "B's key → on screen while A loops, p50", "ms", atMost(50)),
    metric("p95", "echo_ms", "B's key → on screen while A loops, p95", "ms", atMost(100)),
    metric("median", "gap_alone_ms", "B's longest delta gap, A idle (info)", "ms"),
    metric("p95", "echo_alone_ms", "B's key → on screen, A idle, p95 (info)", "ms"),
    metric("median", "open_ms", "session.open in a fresh host (info)", "ms"),
    metric("median", "host_mb", "idle session host RSS (info)", "MB"),
  ],
  async setup(ctx) {
    await ctx.serve("busy-neighbour", { fallback: Array.from({ length: WORDS }, (_, i) => `w${i}`).join(" ") }, TPS)
  },
  once(ctx, program, run) {
    return withProgram(ctx, program, {}, async (win) => {
      await win.pane.waitForText(program.markers.ready)
      await win.settle()
      // the window's daemon; A's host runs with this environment (tagged, so the run's reaper finds it)
      const env = { ...ctx.dir.env(win.tag.split("=")[1]!), PATH: process.env.PATH ?? "/usr/bin:/bin" }
      const client = await connectOrStart({ home: ctx.dir.xagentHome, env, heartbeatMs: 0, start: false })
      const folderA = join(ctx.dir.work, `busy-a-${run}`)
      mkdirSync(folderA, { recursive: true })
      try {
        const status = await client.daemon("daemon.status", {})
        const b = status.sessions.find((s) => s.cwd === ctx.dir.work)
        if (!b) throw new Error("the window's session is not live in the daemon")
        const host = status.hosts?.find((h) => h.sessionId === b.sessionId)
        const t0 = performance.now()
        const a = await client.request("session.open", { cwd: folderA, mode: { kind: "new" }, extensions: [SPIN] })
        const open_ms = performance.now() - t0

        const deltas: number[] = []
        let runsEnded = 0
        let onEnd = () => {}
        const unsub = client.subscribe(b.sessionId, 0, (e: EventEnvelope) => {
          if (e.event.type === "text_delta") deltas.push(performance.now())
          if (e.event.type === "run" && !e.event.running) (runsEnded++, onEnd())
        })
        /** B's longest delta gap and its echo samples while `meanwhile` runs. */
        const measure = async (meanwhile: () => Promise<unknown>) => {
          const first = deltas.length
          const ended = runsEnded
          const finished = new Promise<void>((r) => (onEnd = () => runsEnded > ended && r()))
          await win.pane.type("stream")
          await win.pane.waitForText("stream")
          await win.pane.key("Enter")
          while (deltas.length < first + 5) await Bun.sleep(10)
          let meanwhileEnd = 0
          const busy = meanwhile().then(() => (meanwhileEnd = performance.now()))
          // typing starts once A's loop has begun (the request is on its way; the loop starts at once)
          await Bun.sleep(200)
          const echo = await typeTimed(win.pane, ctx.options.echoChars)
          await Promise.all([busy, finished])
          const during = deltas.slice(first + 4)
          if (!(during.at(-1)! > meanwhileEnd)) throw new Error("B's reply ended before A's loop did; make it longer")
          let gap = 0
          for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i]! - during[i - 1]!)
          // the typed keys go: the next round types into an empty prompt
          await win.pane.key("C-c")
          await win.pane.waitFor("an empty prompt", (s) => !s.includes(LEAD), { timeoutMs: 5000 })
          return { gap, echo }
        }
        const alone = await measure(() => Bun.sleep(5000))
        const busy = await measure(async () => {
          const t = performance.now()
          await client.request("session.prompt", { sessionId: a.sessionId, text: "/spin" })
          if (performance.now() - t < 4900) throw new Error("A's /spin did not block its process for 5 s")
        })
        unsub()
        return {
          gap_ms: busy.gap,
          echo_ms: busy.echo,
          gap_alone_ms: alone.gap,
          echo_alone_ms: alone.echo,
          open_ms,
          host_mb: (host?.rssBytes ?? 0) / (1024 * 1024),
        }
      } finally {
        await client.daemon("daemon.stop", {}).catch(() => {})
        await client.close()
      }
    })
  },
}

/** Types LEAD, then `count` digits one at a time; each sample: key sent → the prompt shows it. */
async function typeTimed(pane: Pane, count: number) {
  await pane.type(LEAD)
  await pane.waitForText(LEAD)
  const samples: number[] = []
  let typed = LEAD
  for (let i = 0; i < count; i++) {
    await Bun.sleep(GAPS_MS[i % GAPS_MS.length]!)
    typed += String((i + 1) % 10)
    const sent = performance.now()
    await pane.type(typed.at(-1)!)
    samples.push(
      (await pane.waitFor(JSON.stringify(typed), (s) => s.includes(typed), { pollMs: 2, timeoutMs: 10_000 })) - sent,
    )
  }
  return samples
}
