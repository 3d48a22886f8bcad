// A busy child and its parent's host: under the daemon a subagent is a session of a host of its own
// (in process, with --no-daemon, it shared the parent's event loop: p95 633 ms at full speed).
// Measured:
// how long the parent's host takes to answer a window's request (session.commands, every 25 ms)
// with no child, with a child streaming at a real model's pace (2,000 tok/s) and at full speed.
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { connectOrStart } from "../../src/client/connect"
import type { Client } from "../../src/client/client"
import { atMost, type BenchCase, metric, TAG_PREFIX } from "../lib/bench-case"
import type { Scenario } from "../lib/mockllm"

const WORDS = 8000
const PACED_TPS = 2000
const POLL_MS = 25
/** Runs the script has steps for (each step is taken once). */
const MAX_RUNS = 12

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ")
/** Tokens a second and words of each phase's child: about 4 s of streaming at 2,000 tok/s, and
 *  ten times the words at full speed, so that phase lasts long enough to sample too. */
const phases = { paced: PACED_TPS, full: 0 } as const
const texts = { paced: words(WORDS), full: words(WORDS * 10) }
type Phase = keyof typeof phases

function scenario(): Scenario {
  const turns: NonNullable<Scenario["turns"]> = []
  // runs are numbered from 0 (the warm-up run too)
  for (let run = 0; run <= MAX_RUNS; run++)
    for (const phase of Object.keys(phases) as Phase[]) {
      // `when` matches a substring: "run 1." must not also match run 10's.
      const parent = `child ${phase} run ${run}.`
      const task = `STREAM-${phase}-${run}.`
      turns.push(
        { when: parent, tool: "agent", args: { task, title: `Stream ${phase}` } },
        { when: parent, text: "done" },
        { when: task, text: texts[phase], tps: phases[phase] },
      )
    }
  return { turns, fallback: "ok" }
}

export const subagentNeighbour: BenchCase = {
  id: "subagent-neighbour",
  title: "a busy child and its parent's host",
  measures:
    `A session of xagent's daemon, over its socket: its agent tool starts a child that streams a ${WORDS}-word ` +
    `reply from the scripted model at ${PACED_TPS} tok/s (a fast real model), and a ${WORDS * 10}-word one at full ` +
    `speed (the scripted model's fastest, tens of thousands a second). The child is a session of a host of its own, which the parent's host watches; ` +
    `meanwhile a window's request (session.commands) is sent to the parent every ${POLL_MS} ms and each answer ` +
    "timed. The same for 3 s with no child gives the machine's own noise.",
  programs: ["xagent"],
  metrics: [
    metric("p95", "idle_ms", "parent's answer, no child, p95 (info)", "ms"),
    metric("p95", "paced_ms", `parent's answer, child at ${PACED_TPS} tok/s, p95`, "ms", atMost(50)),
    metric("p50", "paced_ms", `parent's answer, child at ${PACED_TPS} tok/s, p50 (info)`, "ms"),
    metric("p95", "full_ms", "parent's answer, child at full speed, p95 (info)", "ms"),
    metric("p50", "full_ms", "parent's answer, child at full speed, p50 (info)", "ms"),
  ],
  async setup(ctx) {
    if (ctx.options.runs > MAX_RUNS) throw new Error(`subagent-neighbour scripts ${MAX_RUNS} runs at most`)
    await ctx.serve("subagent-neighbour", scenario(), 0)
  },
  async once(ctx, _program, run) {
    const tag = `${TAG_PREFIX}sn${run}`
    const env = { ...ctx.dir.env(tag.split("=")[1]!), PATH: process.env.PATH ?? "/usr/bin:/bin" }
    const client = await connectOrStart({ home: ctx.dir.xagentHome, env, heartbeatMs: 0 })
    try {
      const idle = await timed(client, await open(client, ctx.dir.work, "idle"), () => Bun.sleep(3000))
      const values: Record<string, number[]> = { idle_ms: idle }
      for (const phase of Object.keys(phases) as Phase[]) {
        const sessionId = await open(client, ctx.dir.work, phase)
        values[`${phase}_ms`] = await timed(client, sessionId, () =>
          reply(client, sessionId, `child ${phase} run ${run}.`),
        )
      }
      return values
    } finally {
      await client.daemon("daemon.stop", {}).catch(() => {})
      await client.close()
    }
  },
}

async function open(client: Client, work: string, name: string): Promise<string> {
  const cwd = join(work, `subagent-${name}`)
  mkdirSync(cwd, { recursive: true })
  return (await client.request("session.open", { cwd, mode: { kind: "new" } })).sessionId
}

/** Sends `text` and resolves once the reply (the parent's, after its child's) has ended. */
async function reply(client: Client, sessionId: string, text: string): Promise<void> {
  let started = false
  const ended = new Promise<void>((resolve) => {
    const unsub = client.subscribe(sessionId, 0, ({ event }) => {
      if (event.type !== "run") return
      if (event.running) started = true
      else if (started) (unsub(), resolve())
    })
  })
  await client.request("session.prompt", { sessionId, text })
  await ended
}

/** The parent host's answer times to session.commands, one every POLL_MS while `meanwhile` runs. */
async function timed(client: Client, sessionId: string, meanwhile: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  let done = false
  const busy = meanwhile().finally(() => (done = true))
  while (!done) {
    const t = performance.now()
    await client.request("session.commands", { sessionId })
    samples.push(performance.now() - t)
    await Bun.sleep(POLL_MS)
  }
  await busy
  return samples
}
