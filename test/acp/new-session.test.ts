// A new session before its first prompt: nothing of it is sent before the session/new answer that
// names it (a client drops updates of a session it does not know yet), and it can be found again:
// session/list shows it, and another connection's load or resume joins it (Pi writes its file only
// with the first reply), also after the editor that made it has gone and the daemon ended it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { until } from "../daemon/harness"
import { chunkText, loadSession, newSession, prompt, resumeSession, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "Joined and answered." }, { text: "Loaded and answered." }] })
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

test(
  "a session not prompted yet, its editor gone and its host ended, is listed, loads empty and resumes in a new xagent acp",
  async () => {
    const first = await box.editor()
    const s = await newSession(first, box.box.cwd)
    await first.close()
    // Nothing holds it in the daemon any more: what follows finds it by what xagent acp kept of it.
    const term = await box.connect()
    for (const deadline = Date.now() + 60_000; ; await Bun.sleep(100)) {
      const { sessions } = await term.daemon("daemon.status", {})
      if (!sessions.some((x) => x.piSessionId === s.sessionId)) break
      if (Date.now() > deadline) throw new Error("the unprompted session did not end with its editor")
    }

    const next = await box.editor()
    try {
      const listed = await next.cx.request(acp.methods.agent.session.list, { cwd: box.box.cwd })
      expect(listed.sessions.map((x) => x.sessionId)).toContain(s.sessionId)
      const loaded = await loadSession(next, box.box.cwd, s.sessionId)
      expect(loaded.configOptions?.map((o) => o.id)).toContain("model")
      // An empty history: nothing of a conversation is replayed.
      await next.waitFor(
        () => next.of(s.sessionId).some((u) => u.sessionUpdate === "available_commands_update"),
        "the loaded session's commands",
      )
      expect(next.of(s.sessionId).filter((u) => u.sessionUpdate.endsWith("_chunk"))).toEqual([])
      await resumeSession(next, box.box.cwd, s.sessionId)
      expect((await prompt(next, s.sessionId, "hello again")).stopReason).toBe("end_turn")
      expect(chunkText(next.of(s.sessionId), "agent_message_chunk")).toMatch(/and answered\./)
      // The prompt went into that very session: its file now carries the id the editor was given.
      const saved = await term.request("sessions.list", { cwd: box.box.cwd })
      expect(saved.sessions.map((x) => x.id)).toContain(s.sessionId)
    } finally {
      await next.close()
    }
  },
  SLOW,
)
