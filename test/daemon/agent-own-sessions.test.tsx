// One of an agent's own sessions opened as a new session of xagent (`session.open`'s
// `agent.sessionId`), through real sockets: pi-acp's session (it offers session/load) is loaded,
// its conversation drawn from what the load replays with no model request, and the next message
// continues it; an agent that can reopen nothing (the plain fixture agent) is refused with why.
// Then through a real window (testRender): the sessions page of a pi-acp session lists pi-acp's
// own sessions of the folder (its session/list), and choosing one opens it there.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { REPO_ROOT } from "../fixture/mockllm"
import { mountApp } from "../fixture/tui"
import { WAIT_MS } from "../fixture/wait"
import { assistantTexts, BUN, Recorder, startBox, turnsEnded, type DaemonBox } from "./harness"

const SLOW = 120_000
const BIN = join(REPO_ROOT, "node_modules/.bin")
// `pi` from the checkout (pi-acp runs `pi --mode rpc`), on the box's Pi home and scripted model
const PI_ACP = { command: [join(BIN, "pi-acp")], env: { PATH: `${BIN}:${process.env.PATH}` } }

let box: DaemonBox
let c: SocketClient
/** pi-acp's session of the first test (its own id), and xagent's session that reopened it. */
let loadedOwn: { agentSessionId: string; sessionId: string }
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
      loadedOwn = { agentSessionId: agentSessionId!, sessionId: again.sessionId }
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

  test(
    "the sessions page of a pi-acp session lists pi-acp's own sessions of the folder; choosing one opens it in the window",
    async () => {
      // (the session that loaded it is closed first: one pi process on its file at a time)
      await c.request("session.close", { sessionId: loadedOwn.sessionId })
      const here = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" }, agent: PI_ACP })
      const listed = await c.request("session.agentSessions", { sessionId: here.sessionId })
      expect(listed.agent).toBe("pi ACP adapter")
      expect(listed.sessions.map((x) => x.sessionId)).toContain(loadedOwn.agentSessionId)
      const app = await mountApp({
        width: 110,
        height: 30,
        client: await box.attach(),
        target: { kind: "attach", sessionId: here.sessionId },
      })
      try {
        await app.until("Ask anything")
        await app.submit("/resume")
        const page = await app.until((f) => f.includes("pi ACP adapter's own session"))
        expect(page).toContain(loadedOwn.agentSessionId.slice(0, 8))
        const typed = loadedOwn.agentSessionId.slice(0, 8)
        await app.mockInput.typeText(typed)
        // Filtered by the id, two rows may stay: pi-acp's Pi session file (pi-acp runs Pi, which
        // writes its own file under that id) and the agent's own session, listed last. The
        // selection is moved down to the agent's row before Enter, whatever came first.
        const ownSelected = (f: string) => {
          const lines = f.split("\n")
          const at = lines.findIndex((l) => l.includes("own session"))
          return at > 0 && lines[at - 1]!.trimStart().startsWith("›")
        }
        let frame = await app.until((f) => f.includes(`› ${typed}`) && f.includes("own session"))
        for (let moves = 0; !ownSelected(frame); moves++) {
          if (moves > 10) throw new Error(`the agent's own session never got the selection:\n${frame}`)
          const before = frame
          app.mockInput.pressArrow("down")
          frame = await app.until((f) => f !== before)
        }
        app.mockInput.pressEnter()
        frame = await app.until(
          (f) => f.includes("Said in the first session.") && f.includes("Said after reopening it."),
        )
        expect(frame).toContain("more words")
        // the session it left is closed, as a switch leaves it
        const live = async () => (await c.daemon("daemon.status", {})).sessions.map((x) => x.sessionId)
        for (const deadline = Date.now() + WAIT_MS; (await live()).includes(here.sessionId); await Bun.sleep(50))
          if (Date.now() > deadline) throw new Error("timed out waiting for the session left to close")
      } finally {
        app.renderer.destroy()
      }
    },
    SLOW,
  )
})
