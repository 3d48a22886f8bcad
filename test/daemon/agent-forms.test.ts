// Forms from an ACP agent xagent does not own (test/fixture/form-agent.ts, the SDK's agent side),
// through real sockets: what initialize advertises, a form's number, boolean and optional text
// answered in the question dock and received typed as its schema says, a form the dock cannot
// show declined with a notice, and a form the agent withdraws closing the dock. The agent says
// what it received as its reply's text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { NoticeItem, UiRequest } from "../../src/protocol"
import { BUN, HERE, Recorder, assistantTexts, startBox, turnsEnded, type DaemonBox } from "./harness"

const SLOW = 60_000
const AGENT = join(HERE, "../fixture/form-agent.ts")

let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder
let turns = 0

beforeAll(async () => {
  box = await startBox({ turns: [] })
  c = await box.connect()
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: { command: [BUN, AGENT] },
  })
  sessionId = opened.sessionId
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  await box?.cleanup()
})

/** The agent's reply to `text`, parsed (it answers in JSON). */
async function reply(): Promise<unknown> {
  turns++
  const s = await rec.waitFor(turnsEnded(turns), `turn ${turns} to end`)
  return JSON.parse(assistantTexts(s.items).at(-1)!)
}

async function asked(text: string): Promise<Extract<UiRequest, { kind: "ask_user" }>> {
  await c.request("session.prompt", { sessionId, text })
  const s = await rec.waitFor((s) => s.ui.pending.length > 0, `the form of "${text}"`)
  const r = s.ui.pending[0]!
  if (r.kind !== "ask_user") throw new Error(`expected the question dock, got ${JSON.stringify(r)}`)
  return r
}

describe("forms from an ACP agent", () => {
  test(
    "initialize advertises forms only, as the schema spells it",
    async () => {
      await c.request("session.prompt", { sessionId, text: "caps" })
      // (the SDK's parse fills the other capabilities' defaults in: all false)
      const caps = (await reply()) as { elicitation?: unknown }
      expect(caps.elicitation).toEqual({ form: {} })
    },
    SLOW,
  )

  test(
    "a number, a boolean and an optional text field: asked in the dock, received typed; a bad number is refused first",
    async () => {
      const r = await asked("typed")
      expect(r.questions.map((q) => [q.label, q.prompt])).toEqual([
        ["Replicas", "Form typed\n\nReplicas (a whole number from 1 to 9)"],
        ["Canary first", "Canary first"],
        // the agent's title reaches the window sanitized
        ["Note", "Note"],
      ])
      const [replicas, canary, note] = r.questions
      expect(canary!.choices).toEqual([
        { value: "true", label: "Yes", recommended: true },
        { value: "false", label: "No" },
      ])
      expect(note!.choices.map((ch) => ch.label)).toEqual(["Leave it empty"])
      const answers = (n: string) => [
        { id: replicas!.id, value: n, label: n, wasCustom: true },
        { id: canary!.id, value: "false", label: "No", wasCustom: false, index: 2 },
        { id: note!.id, value: note!.choices[0]!.value, label: "Leave it empty", wasCustom: false, index: 1 },
      ]
      // the dock takes any text: the number is checked here, and the question stays open
      await expect(
        c.request("session.uiRespond", { sessionId, requestId: r.id, response: { answers: answers("twelve") } }),
      ).rejects.toThrow(/a whole number from 1 to 9, please/)
      expect(rec.snapshot!.ui.pending.map((p) => p.id)).toEqual([r.id])
      await c.request("session.uiRespond", { sessionId, requestId: r.id, response: { answers: answers("3") } })
      expect(await reply()).toEqual({ action: "accept", content: { replicas: 3, canary: false } })
    },
    SLOW,
  )

  test(
    "a form the dock cannot show is declined, and a notice says why",
    async () => {
      await c.request("session.prompt", { sessionId, text: "odd" })
      expect(await reply()).toEqual({ action: "decline" })
      const notices = rec.snapshot!.items.filter((i): i is NoticeItem => i.kind === "notice").map((i) => i.text)
      expect(notices).toContain(
        'The agent asked a form xagent cannot show, declined: the field "blob": a field of type "_file"',
      )
    },
    SLOW,
  )

  test(
    "a form the agent withdraws closes the dock, answered as cancelled",
    async () => {
      const r = await asked("withdraw")
      const got = await reply()
      expect(rec.events.map((e) => e.event)).toContainEqual({ type: "ui_resolved", requestId: r.id })
      expect(rec.snapshot!.ui.pending).toEqual([])
      expect(got).toEqual({ action: "cancel" })
    },
    SLOW,
  )
})
