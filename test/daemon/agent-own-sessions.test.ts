// One of an agent's own sessions opened as a new session of xagent (`session.open`'s
// `agent.sessionId`), through real sockets: pi-acp's session (it offers session/load) is loaded,
// its conversation drawn from what the load replays with no model request, and the next message
// continues it; an agent that can reopen nothing (the plain fixture agent) is refused with why.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { REPO_ROOT } from "../fixture/mockllm"
import { assistantTexts, BUN, Recorder, startBox, turnsEnded, type DaemonBox } from "./harness"

const SLOW = 120_000
const BIN = join(REPO_ROOT, "node_modules/.bin")
// `pi` from the checkout (pi-acp runs `pi --mode rpc`), on the box's Pi home and scripted model
const PI_ACP = { command: [join(BIN, "pi-acp")], env: { PATH: `${BIN}:${process.env.PATH}` } }

let box: DaemonBox
let c: SocketClient
beforeAll(async () => {
  box = await startBox({ turns: [{ text: "Said in the first session." }, { text: "Said after reopening it." }] })
  c = await box.connect()
}, SLOW)
afterAll(() => box?.cleanup())

describe("an agent's own session opened in xagent", () => {
  test(
    "pi-acp's session is loaded: its conversation drawn from the replay, the next message continues it",
    async () => {
      const first = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" }, agent: PI_ACP })
      const rec = new Recorder(c, first.sessionId)
      await c.request("session.prompt", { sessionId: first.sessionId, text: "first words" })
      const s1 = await rec.waitFor(turnsEnded(1), "the first reply")
      rec.stop()
      // the agent's own session id (its info's), not xagent's
      const agentSessionId = s1.info.piSessionId
      expect(agentSessionId).toBeTruthy()
      expect(agentSessionId).not.toBe(first.sessionId)
      await c.request("session.close", { sessionId: first.sessionId })

      const asked = box.llm.requests().length
      const again = await c.request("session.open", {
        cwd: box.box.cwd,
        mode: { kind: "new" },
        agent: { ...PI_ACP, sessionId: agentSessionId },
      })
      expect(again.sessionId).not.toBe(first.sessionId)
      const rec2 = new Recorder(c, again.sessionId)
      const loaded = await rec2.waitFor(
        (s) => assistantTexts(s.items).includes("Said in the first session."),
        "the replayed conversation",
      )
      expect(loaded.items.filter((i) => i.kind === "user").map((i) => (i.kind === "user" ? i.text : ""))).toEqual([
        "first words",
      ])
      expect(loaded.items.some((i) => i.kind === "assistant" && i.streaming)).toBe(false)
      expect(loaded.info.piSessionId).toBe(agentSessionId)
      expect(box.llm.requests().length).toBe(asked)

      await c.request("session.prompt", { sessionId: again.sessionId, text: "more words" })
      const s2 = await rec2.waitFor(turnsEnded(1), "the reply in the reopened session")
      rec2.stop()
      expect(assistantTexts(s2.items)).toEqual(["Said in the first session.", "Said after reopening it."])
      // the model was sent the whole conversation
      expect(box.llm.requests().at(-1)!.count).toBeGreaterThanOrEqual(3)
    },
    SLOW,
  )

  test(
    "an agent that offers neither session/load nor session/resume is refused with why",
    async () => {
      const refused = await c
        .request("session.open", {
          cwd: box.box.cwd,
          mode: { kind: "new" },
          agent: { command: [BUN, join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")], sessionId: "plain-1-1" },
        })
        .then(
          () => undefined,
          (e: Error) => e.message,
        )
      expect(refused).toContain("it cannot reopen its sessions (it offers neither session/load nor session/resume)")
    },
    SLOW,
  )
})
