// Messages sent while an ACP agent's turn runs (docs/adr-acp-client.md): queued as a Pi session's
// follow-ups are (the snapshot's queue, which the window draws as its queued rows), sent one per
// turn when the turn ends; Esc cancels the turn and hands the queue back to the composer, unsent.
// The agent is `xagent acp` on the scripted model, whose steps are consumed in order.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { SessionSnapshot } from "../../src/protocol"
import { XAGENT_BIN } from "../fixture/mockllm"
import { Recorder, assistantTexts, startBox, type DaemonBox, turnsEnded } from "./harness"

const SLOW = 120_000

const userTexts = (s: SessionSnapshot) => s.items.flatMap((i) => (i.kind === "user" ? [i.text] : []))

let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder
const agentHome = () => join(box.box.root, "agent-home")

beforeAll(async () => {
  box = await startBox({
    turns: [
      { repeat: "word ", count: 600, tps: 40 },
      { text: "Queued answer." },
      { repeat: "more ", count: 4000, tps: 40 },
    ],
  })
  c = await box.connect()
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command: [XAGENT_BIN, "acp"], env: { XAGENT_HOME: agentHome() } },
  })
  sessionId = opened.sessionId
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  const proc = Bun.spawn([XAGENT_BIN, "daemon", "stop", "--force"], {
    cwd: box.box.cwd,
    env: { ...box.env, XAGENT_HOME: agentHome() },
    stdout: "ignore",
    stderr: "ignore",
  })
  await proc.exited
  await box?.cleanup()
})

test(
  "a follow-up while the agent answers is queued, shown, and sent when the turn ends",
  async () => {
    await c.request("session.prompt", { sessionId, text: "long" })
    await rec.waitFor((s) => (assistantTexts(s.items).at(-1) ?? "").startsWith("word word"), "the long reply")
    await c.request("session.prompt", { sessionId, text: "and then this", behavior: "followUp" })
    const queued = await rec.waitFor((s) => s.queue.followUp.length === 1, "the queued row")
    expect(queued.queue).toEqual({ steering: [], followUp: ["and then this"] })
    expect(userTexts(queued)).toEqual(["long"])
    const s = await rec.waitFor(turnsEnded(2), "the queued message's turn")
    expect(s.queue).toEqual({ steering: [], followUp: [] })
    expect(userTexts(s)).toEqual(["long", "and then this"])
    expect(assistantTexts(s.items).at(-1)).toBe("Queued answer.")
    expect(box.llm.requests()).toHaveLength(2)
  },
  SLOW,
)

test(
  "Esc cancels the turn and hands the queue back to the composer; nothing of it is sent",
  async () => {
    await c.request("session.prompt", { sessionId, text: "talk" })
    await rec.waitFor((s) => (assistantTexts(s.items).at(-1) ?? "").startsWith("more more"), "the reply")
    await c.request("session.prompt", { sessionId, text: "first", behavior: "followUp" })
    await c.request("session.prompt", { sessionId, text: "second", behavior: "steer" })
    await rec.waitFor((s) => s.queue.followUp.length === 2, "two queued rows")
    expect(await c.request("session.abort", { sessionId })).toEqual({ editorText: "first\n\nsecond" })
    const s = await rec.waitFor(turnsEnded(3), "the cancelled turn")
    expect(rec.events.filter((e) => e.event.type === "turn_end").at(-1)!.event).toMatchObject({
      stopReason: "cancelled",
    })
    expect(s.queue).toEqual({ steering: [], followUp: [] })
    expect(userTexts(s)).toEqual(["long", "and then this", "talk"])
    expect(box.llm.requests()).toHaveLength(3)
  },
  SLOW,
)
