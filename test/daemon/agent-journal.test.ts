// An ACP agent's session outlives the daemon (docs/adr-acp-client.md, "Durable by design"): the
// host journals it to <xagent home>/agent-sessions/<id>.jsonl, and after a real `daemon stop` and
// a new daemon the session is listed, reopens from the journal with no request to the model (the
// scripted model counts them), and its agent is re-attached with session/resume (`xagent acp`
// offers it), so the next message continues the agent's own conversation. A prompt the host
// stopped under is reported as of uncertain delivery and never sent again; a torn line is
// skipped with a note. The scripted model's steps are consumed in order, so the tests run in order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { appendFileSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { AssistantItem, EventEnvelope, SessionSnapshot } from "../../src/protocol"
import { runXagent } from "../cli/run-xagent"
import { XAGENT_BIN } from "../fixture/mockllm"
import { alive, Recorder, assistantTexts, startBox, until, type DaemonBox, turnsEnded } from "./harness"

const SLOW = 180_000

/** An info event naming the agent as it introduced itself in `initialize`: it is there again. */
const reattached = (e: EventEnvelope) => e.event.type === "info" && (e.event.info.name ?? "").startsWith("xagent (ACP")

let box: DaemonBox
let c: SocketClient
let sessionId: string
let journal: string
const agentHome = () => join(box.box.root, "agent-home")
const xagent = (...args: string[]) => runXagent(args, { ...box.box, env: box.env })
const notices = (s: SessionSnapshot) => s.items.flatMap((i) => (i.kind === "notice" ? [i.text] : []))

/** Stops this box's daemon for real (its hosts, and their agents, end with it). */
async function restartDaemon(): Promise<SocketClient> {
  const pid = c.daemonPid
  // this window goes first, so nothing of it reconnects meanwhile
  await c.close()
  const stopped = await xagent("daemon", "stop", "--force")
  expect(stopped.code).toBe(0)
  await until(() => !alive(pid), "the daemon to exit")
  c = await box.connect()
  expect(c.daemonPid).not.toBe(pid)
  return c
}

/** Opens the journal's session in the new daemon and waits for its agent to be back (its info names it). */
async function reopen(): Promise<{ rec: Recorder; opened: SessionSnapshot }> {
  const r = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "session", ref: journal } })
  expect(r.sessionId).toBe(sessionId)
  const rec = new Recorder(c, sessionId)
  const opened = await rec.waitFor((s) => s.items.length > 0, "the rebuilt transcript")
  return { rec, opened }
}

beforeAll(async () => {
  box = await startBox({
    turns: [{ text: "Before the restart." }, { text: "After the restart." }, { repeat: "word ", count: 2000, tps: 40 }],
  })
  c = await box.connect()
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    // its own home, so its own daemon (the window's refuses sessions for its sessions' processes)
    agent: { command: [XAGENT_BIN, "acp"], env: { XAGENT_HOME: agentHome() } },
  })
  sessionId = opened.sessionId
  journal = join(box.box.xagentHome, "agent-sessions", `${sessionId}.jsonl`)
}, SLOW)

afterAll(async () => {
  const proc = Bun.spawn([XAGENT_BIN, "daemon", "stop", "--force"], {
    cwd: box.box.cwd,
    env: { ...box.env, XAGENT_HOME: agentHome() },
    stdout: "ignore",
    stderr: "ignore",
  })
  await proc.exited
  await box?.cleanup()
})

describe("an agent session's journal", () => {
  test(
    "is one JSON record a line, the owner's alone, with the prompt, its answer and a checkpoint",
    async () => {
      const rec = new Recorder(c, sessionId)
      await c.request("session.prompt", { sessionId, text: "hello" })
      await rec.waitFor(turnsEnded(1), "the first reply")
      rec.stop()
      expect(statSync(join(box.box.xagentHome, "agent-sessions")).mode & 0o777).toBe(0o700)
      expect(statSync(journal).mode & 0o777).toBe(0o600)
      const records = readFileSync(journal, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { k: string; [k: string]: unknown })
      expect(records[0]).toMatchObject({ k: "meta", id: sessionId, cwd: box.box.cwd })
      const kinds = records.map((r) => r.k)
      expect(kinds).toContain("agent")
      expect(kinds).toContain("cp")
      const prompt = records.find((r) => r.k === "prompt")!
      expect(prompt.text).toBe("hello")
      expect(records.find((r) => r.k === "answer")).toMatchObject({ turn: prompt.turn, stop: "end_turn" })
    },
    SLOW,
  )

  test(
    "after the daemon restarts, the session is listed and rebuilt with no model request, then its agent resumes it",
    async () => {
      const asked = box.llm.requests().length
      await restartDaemon()
      const { sessions } = await c.request("sessions.list", { cwd: box.box.cwd })
      const row = sessions.find((s) => s.id === sessionId)
      expect(row).toMatchObject({ path: journal, cwd: box.box.cwd, firstMessage: "hello" })
      // `xagent sessions` lists it too
      expect((await xagent("sessions")).stdout).toContain("hello")

      const { rec, opened } = await reopen()
      expect(opened.items.map((i) => i.kind)).toEqual(["user", "assistant"])
      expect(assistantTexts(opened.items)).toEqual(["Before the restart."])
      expect(box.llm.requests().length).toBe(asked)
      // the agent is back (an info event after the reopen names it, with the mode it reports: the
      // journal's own checkpoint already held its name), and still nothing was asked of the model
      await rec.waitFor((_s, events) => events.some(reattached), "the agent re-attached")
      expect(box.llm.requests().length).toBe(asked)
      expect(notices(rec.snapshot!)).toEqual([])

      // the next message goes to the agent's own session: the model sees the whole conversation
      await c.request("session.prompt", { sessionId, text: "again" })
      const s = await rec.waitFor(turnsEnded(1), "the reply after the restart")
      rec.stop()
      expect(assistantTexts(s.items)).toEqual(["Before the restart.", "After the restart."])
      const last = box.llm.requests().at(-1)!
      expect(box.llm.requests().length).toBe(asked + 1)
      expect(last.count).toBeGreaterThanOrEqual(3)
    },
    SLOW,
  )

  test(
    "a prompt the host stopped under is shown as delivery uncertain and not sent again; a torn line is skipped with a note",
    async () => {
      const rec = new Recorder(c, sessionId)
      await c.request("session.prompt", { sessionId, text: "talk at length" })
      await rec.waitFor((s) => (assistantTexts(s.items).at(-1) ?? "").startsWith("word word"), "the long reply")
      rec.stop()
      await restartDaemon()
      const asked = box.llm.requests().length
      // what a kill mid-write leaves: half a record, no newline
      appendFileSync(journal, '{"k":"ev","e":{"type":"item_add","item":{"kind":"us')

      const { rec: again, opened } = await reopen()
      expect(opened.running).toBe(false)
      const reply = opened.items.filter((i) => i.kind === "assistant").at(-1) as AssistantItem
      expect(reply.streaming).toBe(false)
      expect(assistantTexts([reply])[0]!.startsWith("word word")).toBe(true)
      const said = await again.waitFor((s) => notices(s).length >= 2, "the notes on the restart")
      expect(notices(said)).toEqual([
        expect.stringMatching(/^1 damaged line of this session's journal could not be read/),
        expect.stringMatching(/^Delivery uncertain: .*"talk at length".*was not sent again$/),
      ])
      // everything before the torn line is there
      expect(said.items.filter((i) => i.kind === "user").map((i) => (i.kind === "user" ? i.text : ""))).toEqual([
        "hello",
        "again",
        "talk at length",
      ])
      await again.waitFor((_s, events) => events.some(reattached), "the agent re-attached")
      again.stop()
      expect(box.llm.requests().length).toBe(asked)
    },
    SLOW,
  )
})
