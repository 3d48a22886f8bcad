// The sessions page (/resume) of a window on a live Pi session, choosing an agent session's
// journal: the window goes to that agent session, rebuilt in a host of its own, and the Pi session
// it left is closed (as a switch leaves it). Before, the choice went to Pi's own switch, which
// cannot read a journal, and failed. Real daemon, real window (testRender), the plain fixture agent.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { REPO_ROOT } from "../fixture/mockllm"
import { mountApp } from "../fixture/tui"
import { WAIT_MS } from "../fixture/wait"
import { BUN, Recorder, startBox, turnsEnded, type DaemonBox } from "./harness"

const SLOW = 120_000
const PLAIN = [BUN, join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")]

let d: DaemonBox
let c: SocketClient
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "The Pi session's answer." }] })
  c = await d.connect()
})
afterAll(() => d.cleanup())

test(
  "choosing an agent session on /resume from a live Pi session opens it in the window; the Pi session is closed",
  async () => {
    // an agent session with one exchange, closed: its journal is what the page lists
    const agent = await c.request("session.open", {
      cwd: d.box.cwd,
      mode: { kind: "new" },
      agent: { command: PLAIN },
    })
    const rec = new Recorder(c, agent.sessionId)
    await c.request("session.prompt", { sessionId: agent.sessionId, text: "remember the lighthouse" })
    await rec.waitFor(turnsEnded(1), "the agent's reply")
    rec.stop()
    await c.request("session.close", { sessionId: agent.sessionId })

    const pi = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
    const app = await mountApp({
      width: 100,
      height: 30,
      client: await d.attach(),
      target: { kind: "attach", sessionId: pi.sessionId },
    })
    try {
      await app.submit("say something")
      await app.until("The Pi session's answer.")
      await app.submit("/resume")
      await app.until((f) => f.includes("Sessions") && f.includes("remember the lighthouse"))
      await app.mockInput.typeText("lighthouse")
      await app.until((f) => f.includes("remember the lighthouse") && !f.includes("say something"))
      app.mockInput.pressEnter()
      const frame = await app.until((f) => f.includes("heard #1: remember the lighthouse"))
      expect(frame).not.toContain("The Pi session's answer.")
      expect(frame).not.toContain("Could not switch")
      // the window draws the agent session now: its name is on the status line
      expect(frame).toContain("Plain agent (ACP")
      // the Pi session it left is closed, as a switch leaves the session it replaces
      const live = async () => (await c.daemon("daemon.status", {})).sessions.map((s) => s.sessionId)
      for (const deadline = Date.now() + WAIT_MS; (await live()).includes(pi.sessionId); await Bun.sleep(50))
        if (Date.now() > deadline) throw new Error("timed out waiting for the Pi session to close")
      expect(await live()).toContain(agent.sessionId)
    } finally {
      app.renderer.destroy()
    }
  },
  SLOW,
)
