// session/fork: a copy of a session's conversation as a new session, the source left as it was.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { chunkText, lastSent, newSession, prompt, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "The source's reply." }, { text: "The fork's reply." }] })
}, SLOW)
afterAll(() => box.cleanup())

test(
  "a fork is advertised, carries the conversation so far, and leaves the source untouched",
  async () => {
    const ed = await box.editor()
    const init = await ed.cx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    })
    // In the SDK's unstable schema only.
    expect((init.agentCapabilities?.sessionCapabilities as { fork?: unknown }).fork).toEqual({})
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "remember the word tangerine")).stopReason).toBe("end_turn")
    const term = await box.connect()
    const sourceFile = async () =>
      (await term.request("sessions.list", { cwd: box.box.cwd })).sessions.find((x) => x.id === s.sessionId)!
    const before = await sourceFile()

    // Unstable in the SDK: asked by its name.
    const fork = (await ed.cx.request("session/fork", {
      sessionId: s.sessionId,
      cwd: box.box.cwd,
      mcpServers: [],
    })) as acp.NewSessionResponse
    expect(fork.sessionId).not.toBe(s.sessionId)
    expect(fork.configOptions?.map((o) => o.id)).toContain("model")
    expect((await prompt(ed, fork.sessionId, "what was the word?")).stopReason).toBe("end_turn")
    expect(chunkText(ed.of(fork.sessionId), "agent_message_chunk")).toContain("The fork's reply.")
    // The fork's model saw the source's conversation.
    const sent = JSON.stringify(box.llm.requests().at(-1))
    expect(sent).toContain("tangerine")
    expect(sent).toContain("The source's reply.")
    expect(lastSent(box)).toContain("what was the word?")
    // The source has only its own exchange.
    expect((await sourceFile()).messageCount).toBe(before.messageCount)
    const { sessions } = await term.request("sessions.list", { cwd: box.box.cwd })
    expect(sessions.map((x) => x.id)).toContain(fork.sessionId)
    await ed.close()
  },
  SLOW,
)
