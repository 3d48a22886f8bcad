// After a daemon restart an agent session's journal reopens at once and its agent is started
// again (docs/adr-acp-client.md, "Durable by design"); agent-journal.test.ts covers an agent that
// offers session/resume (`xagent acp`). These are the other two shapes, through real sockets and a
// real `daemon stop`: pi-acp offers only session/load, so the session is loaded (its replay is not
// drawn twice) and the next message continues the agent's own conversation; an agent that offers
// neither (the plain fixture agent) leaves the transcript read-only with a note, and the next
// message starts a new session of the agent, which remembers nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { EventEnvelope, SessionSnapshot } from "../../src/protocol"
import { runXagent } from "../cli/run-xagent"
import { REPO_ROOT } from "../fixture/mockllm"
import { alive, assistantTexts, BUN, Recorder, startBox, turnsEnded, until, type DaemonBox } from "./harness"

const SLOW = 180_000
const BIN = join(REPO_ROOT, "node_modules/.bin")
const PLAIN = [BUN, join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")]

let box: DaemonBox
let c: SocketClient
const notices = (s: SessionSnapshot) => s.items.flatMap((i) => (i.kind === "notice" ? [i.text] : []))
const named = (prefix: string) => (e: EventEnvelope) =>
  e.event.type === "info" && (e.event.info.name ?? "").startsWith(prefix)

/** A session on `command`, one message sent and answered; its journal's path. */
async function conversation(command: string[], env?: Record<string, string>) {
  const { sessionId } = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command, ...(env ? { env } : {}) },
  })
  const rec = new Recorder(c, sessionId)
  await c.request("session.prompt", { sessionId, text: "first" })
  const s = await rec.waitFor(turnsEnded(1), "the first reply")
  rec.stop()
  return { sessionId, journal: join(box.box.xagentHome, "agent-sessions", `${sessionId}.jsonl`), first: s }
}

let piAcp: Awaited<ReturnType<typeof conversation>>
let plain: Awaited<ReturnType<typeof conversation>>

beforeAll(async () => {
  box = await startBox({ turns: [{ text: "Before the restart." }, { text: "After the restart." }] })
  c = await box.connect()
  // `pi` from the checkout (pi-acp runs `pi --mode rpc`), on the box's Pi home and scripted model
  piAcp = await conversation([join(BIN, "pi-acp")], { PATH: `${BIN}:${process.env.PATH}` })
  plain = await conversation(PLAIN)
  // this window goes first, so nothing of it reconnects meanwhile; the hosts and agents end with the daemon
  const pid = c.daemonPid
  await c.close()
  const stopped = await runXagent(["daemon", "stop", "--force"], { ...box.box, env: box.env })
  expect(stopped.code).toBe(0)
  await until(() => !alive(pid), "the daemon to exit")
  c = await box.connect()
}, SLOW)

afterAll(async () => {
  await box?.cleanup()
})

async function reopen(journal: string, sessionId: string) {
  const r = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "session", ref: journal } })
  expect(r.sessionId).toBe(sessionId)
  const rec = new Recorder(c, sessionId)
  const opened = await rec.waitFor((s) => s.items.length > 0, "the rebuilt transcript")
  return { rec, opened }
}

describe("an agent session reopened after a daemon restart", () => {
  test(
    "on an agent that offers only session/load (pi-acp): loaded, its replay not drawn again, and the next message continues its conversation",
    async () => {
      expect(assistantTexts(piAcp.first.items)).toEqual(["Before the restart."])
      const asked = box.llm.requests().length
      const { rec, opened } = await reopen(piAcp.journal, piAcp.sessionId)
      expect(opened.items.map((i) => i.kind)).toEqual(["user", "assistant"])
      await rec.waitFor((_s, events) => events.some(named("pi ACP adapter (ACP")), "pi-acp loaded the session")
      // session/load replays the conversation as updates: the journal drew it already
      const loaded = rec.snapshot!
      expect(loaded.items.map((i) => i.kind)).toEqual(["user", "assistant"])
      expect(notices(loaded)).toEqual([])
      // its state came back with it: the model and mode it reports for the loaded session
      expect(loaded.info.model).toMatchObject({ id: "mockllm/mock-1" })
      expect(box.llm.requests().length).toBe(asked)

      await c.request("session.prompt", { sessionId: piAcp.sessionId, text: "again" })
      const s = await rec.waitFor(turnsEnded(1), "the reply after the restart")
      rec.stop()
      expect(assistantTexts(s.items)).toEqual(["Before the restart.", "After the restart."])
      expect(s.items.map((i) => i.kind)).toEqual(["user", "assistant", "user", "assistant"])
      // the model was sent the whole conversation: the first exchange and the new message
      expect(box.llm.requests().length).toBe(asked + 1)
      expect(box.llm.requests().at(-1)!.count).toBeGreaterThanOrEqual(3)
    },
    SLOW,
  )

  test(
    "on an agent that can reopen nothing: read-only with a note; the next message goes to a new session of the agent",
    async () => {
      const before = assistantTexts(plain.first.items)[0]!
      expect(before).toMatch(/^plain-\d+-1 heard #1: first$/)
      const { rec, opened } = await reopen(plain.journal, plain.sessionId)
      expect(assistantTexts(opened.items)).toEqual([before])
      const noted = await rec.waitFor(
        (s) => notices(s).some((n) => n.startsWith("This agent cannot reopen its session")),
        "the read-only note",
      )
      expect(notices(noted)).toEqual([
        "This agent cannot reopen its session: what is above is read-only. A new message starts a new session of the agent, which does not remember it",
      ])
      expect(noted.running).toBe(false)

      await c.request("session.prompt", { sessionId: plain.sessionId, text: "second" })
      const s = await rec.waitFor(turnsEnded(1), "the reply from the new session")
      rec.stop()
      const after = assistantTexts(s.items).at(-1)!
      // another agent process, a new session of it: its first message, not its second
      expect(after).toMatch(/^plain-\d+-1 heard #1: second$/)
      expect(after.split(" ")[0]).not.toBe(before.split(" ")[0])
      // the new session is journaled: the next restart reopens that one
      const records = (await Bun.file(plain.journal).text())
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { k: string; sessionId?: string })
      expect(records.filter((r) => r.k === "agent").map((r) => r.sessionId)).toEqual([
        before.split(" ")[0],
        after.split(" ")[0],
      ])
    },
    SLOW,
  )
})
