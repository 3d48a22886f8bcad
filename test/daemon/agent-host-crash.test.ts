// An agent session's host dies: the window is told how to open the session again, by the id its
// journal is named by (xagent's), not the agent's own session id, which `--session` cannot find
// (it said the agent's id, which for pi-acp even opened Pi's file of that id instead).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import type { SessionEvent } from "../../src/protocol"
import { REPO_ROOT } from "../fixture/mockllm"
import { alive, BUN, Recorder, startBox, turnsEnded, until, type DaemonBox } from "./harness"

// an ACP agent that needs no model (test/fixture/plain-acp-agent.ts)
const PLAIN = [BUN, join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")]
let box: DaemonBox
beforeAll(async () => {
  box = await startBox({ turns: [] })
}, 60_000)
afterAll(() => box?.cleanup())

test("its host killed: the closed notice names `xagent --session <xagent's id>`, which opens the journal", async () => {
  const c = await box.connect()
  const { sessionId } = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command: PLAIN },
  })
  const rec = new Recorder(c, sessionId)
  await c.request("session.prompt", { sessionId, text: "hello" })
  const s = await rec.waitFor(turnsEnded(1), "the agent's answer")
  const agentId = s.info.piSessionId
  expect(agentId).toMatch(/^plain-/)

  const host = (await c.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  process.kill(host.pid, "SIGKILL")
  await until(() => !alive(host.pid), "the host to die")
  await rec.waitFor((_, events) => events.some((e) => e.event.type === "closed"), "the window to hear of it")
  const reason = rec.events
    .map((e) => e.event)
    .find((e): e is Extract<SessionEvent, { type: "closed" }> => e.type === "closed")!.reason
  expect(reason).toContain(`\`xagent --session ${sessionId}\` resumes it`)
  expect(reason).not.toContain(agentId)
  // and that id opens the session again, from its journal
  const again = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "session", ref: sessionId } })
  expect(again.sessionId).toBe(sessionId)
  const back = await new Recorder(c, sessionId).waitFor((x) => x.items.length > 1, "the transcript from the journal")
  expect(back.items[0]).toMatchObject({ kind: "user", text: "hello" })
}, 120_000)
