// Two sessions of one daemon, one busy: session A's extension blocks its process for 5 s while
// session B streams a reply. Each session has a host process of its own, so B must not stall.
import { fileURLToPath } from "node:url"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { connectOrStart } from "../../src/client/connect"
import type { EventEnvelope } from "../../src/protocol"
import type { BenchCase } from "../lib/bench-case"

const SPIN = fileURLToPath(new URL("../fixtures/busy-extension.ts", import.meta.url))
const WORDS = 2000

export const busyNeighbour: BenchCase = {
  id: "busy-neighbour",
  title: "two sessions, one busy",
  measures:
    "Through the daemon's socket (no window): session A's extension runs a 5 s synchronous loop (`/spin`) " +
    `while session B streams a ${WORDS}-word reply at 400 tokens/s; the longest gap between two of B's streamed ` +
    "deltas during A's loop, and the same with A idle (the machine's own noise). Also the time from `session.open` to its answer (a fresh session-host process: " +
    "Pi's import and the session's load) and the idle host's resident memory after it.",
  programs: ["xagent"],
  metrics: [
    {
      key: "gap_ms",
      label: "B's longest delta gap while A loops",
      unit: "ms",
      stat: "median",
      target: { kind: "own", max: 100 },
    },
    { key: "gap_alone_ms", label: "B's longest delta gap, A idle (info)", unit: "ms", stat: "median" },
    { key: "open_ms", label: "session.open in a fresh host (info)", unit: "ms", stat: "median" },
    { key: "host_mb", label: "idle session host RSS (info)", unit: "MB", stat: "median" },
  ],
  async setup(ctx) {
    await ctx.serve("busy-neighbour", { fallback: Array.from({ length: WORDS }, (_, i) => `w${i}`).join(" ") }, 400)
  },
  async once(ctx, _program, run) {
    const env = { ...ctx.dir.env(`busy${run}`), PATH: process.env.PATH ?? "/usr/bin:/bin" }
    const client = await connectOrStart({ home: ctx.dir.xagentHome, env, heartbeatMs: 0, clientName: "bench" })
    const folderA = join(ctx.dir.work, `busy-a-${run}`)
    mkdirSync(folderA, { recursive: true })
    try {
      const t0 = performance.now()
      const b = await client.request("session.open", { cwd: ctx.dir.work, mode: { kind: "new" } })
      const open_ms = performance.now() - t0
      const a = await client.request("session.open", { cwd: folderA, mode: { kind: "new" }, extensions: [SPIN] })
      const host = (await client.daemon("daemon.status", {})).hosts?.find((h) => h.sessionId === b.sessionId)
      // one subscription for both replies: a second one from seq 0 would replay the first reply
      const deltas: number[] = []
      let runsEnded = 0
      let onEnd = () => {}
      const unsub = client.subscribe(b.sessionId, 0, (e: EventEnvelope) => {
        if (e.event.type === "text_delta") deltas.push(performance.now())
        if (e.event.type === "run" && !e.event.running) (runsEnded++, onEnd())
      })
      /** B's longest gap between deltas from its fifth delta to its end, with `meanwhile` running. */
      const longestGap = async (meanwhile: () => Promise<unknown>) => {
        const first = deltas.length
        const ended = runsEnded
        const finished = new Promise<void>((r) => (onEnd = () => runsEnded > ended && r()))
        await client.request("session.prompt", { sessionId: b.sessionId, text: "stream" })
        while (deltas.length < first + 5) await Bun.sleep(10)
        let meanwhileEnd = 0
        await Promise.all([meanwhile().then(() => (meanwhileEnd = performance.now())), finished])
        // from the fifth delta on: a stall that starts right after it counts whole
        const during = deltas.slice(first + 4)
        if (!(during.at(-1)! > meanwhileEnd)) throw new Error("B's reply ended before A's loop did; make it longer")
        let gap = 0
        for (let i = 1; i < during.length; i++) gap = Math.max(gap, during[i]! - during[i - 1]!)
        return gap
      }
      const gap_alone_ms = await longestGap(() => Bun.sleep(5000))
      const gap_ms = await longestGap(async () => {
        const t = performance.now()
        await client.request("session.prompt", { sessionId: a.sessionId, text: "/spin" })
        if (performance.now() - t < 4900) throw new Error("A's /spin did not block its process for 5 s")
      })
      unsub()
      return { gap_ms, gap_alone_ms, open_ms, host_mb: (host?.rssBytes ?? 0) / (1024 * 1024) }
    } finally {
      await client.daemon("daemon.stop", {}).catch(() => {})
      await client.close()
    }
  },
}
