// A new session before its first prompt: nothing of it is sent before the session/new answer that
// names it (a client drops updates of a session it does not know yet), and it can be found again:
// session/list shows it, and another connection's load or resume joins it (Pi writes its file only
// with the first reply).
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { until } from "../daemon/harness"
import { chunkText, loadSession, newSession, prompt, resumeSession, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "Joined and answered." }] })
}, SLOW)
afterAll(() => box.cleanup())

type Line = { id?: number; method?: string; params?: { sessionId?: string; update?: { sessionUpdate: string } } }

test(
  "session/new: its answer comes before any update of the session, on the wire",
  async () => {
    const agent = box.rawAgent()
    const lines = agent.lines as Line[]
    const send = (m: object) => agent.send({ jsonrpc: "2.0", ...m })
    try {
      send({ id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })
      await until(() => lines.some((l) => l.id === 1), "the initialize answer")
      const updates = (sessionId: string) =>
        lines.filter((l) => l.method === "session/update" && l.params?.sessionId === sessionId)
      // Two sessions on one connection: each answer first, then its updates.
      for (const id of [2, 3]) {
        send({ id, method: "session/new", params: { cwd: box.box.cwd, mcpServers: [] } })
        const answer = await until(() => lines.find((l) => l.id === id), `session/new ${id}`, 60_000)
        const sessionId = (answer as { result: { sessionId: string } }).result.sessionId
        await until(
          () => updates(sessionId).some((l) => l.params?.update?.sessionUpdate === "available_commands_update"),
          "the commands",
        )
        expect(updates(sessionId).some((l) => l.params?.update?.sessionUpdate === "usage_update")).toBe(true)
        const at = lines.indexOf(answer)
        expect(updates(sessionId).every((l) => lines.indexOf(l) > at)).toBe(true)
      }
    } finally {
      await agent.close()
    }
  },
  SLOW,
)

test(
  "a session not prompted yet is in session/list, and another editor's load and resume join it",
  async () => {
    const first = await box.editor()
    const other = await box.editor()
    try {
      const s = await newSession(first, box.box.cwd)
      const listed = await first.cx.request(acp.methods.agent.session.list, { cwd: box.box.cwd })
      expect(listed.sessions.map((x) => x.sessionId)).toContain(s.sessionId)
      const all = await other.cx.request(acp.methods.agent.session.list, {})
      expect(all.sessions.find((x) => x.sessionId === s.sessionId)?.cwd).toBe(box.box.cwd)

      const loaded = await loadSession(other, box.box.cwd, s.sessionId)
      expect(loaded.configOptions?.map((o) => o.id)).toContain("model")
      await resumeSession(other, box.box.cwd, s.sessionId)
      // The same live session: the joining editor's prompt is the first one's reply too.
      expect((await prompt(other, s.sessionId, "hello from the other")).stopReason).toBe("end_turn")
      expect(chunkText(other.of(s.sessionId), "agent_message_chunk")).toContain("Joined and answered.")
      await first.waitFor(
        () => chunkText(first.of(s.sessionId), "agent_message_chunk").includes("Joined and answered."),
        "the reply in the first editor",
      )
    } finally {
      await other.close()
      await first.close()
    }
  },
  SLOW,
)
