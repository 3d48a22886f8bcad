// An ACP agent's form elicitation as the window's question dock, through real sockets: the agent
// is `xagent acp` (bin/xagent, over the scripted model), whose ask_user reaches a client that
// advertises forms as `elicitation/create`. The agent session shows it as an ask_user request,
// and the window's answer (a choice, a typed answer, a dismissal) goes back as the form's
// content, which `xagent acp` turns into the tool's result: what its model is sent next says
// what the person chose. A stop mid-question withdraws the dock. The scripted model's steps are
// consumed in order, so the tests run in order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import type { SocketClient } from "../../src/client/socket-client"
import type { AskQuestion, UiRequest, UiResponse } from "../../src/protocol"
import { Recorder, startBox, turnsEnded, type DaemonBox, openXagentAgent } from "./harness"
import { ASK_PICK_TWO } from "../fixture/ask-steps"

const SLOW = 120_000

const single = {
  tool: "ask_user",
  args: {
    questions: [
      {
        id: "stack",
        // what the agent writes reaches the window sanitized
        label: "\u001b[31mStack\u001b[0m",
        prompt: "Which runtime?\u001b]0;pwned\u0007",
        choices: [
          { value: "bun", label: "Bun", sketch: "+--+\n|b |\n+--+" },
          { value: "node", label: "Node", description: "the classic" },
        ],
      },
    ],
  },
}
const multi = ASK_PICK_TWO

let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder
let stopAgentDaemon: (() => Promise<void>) | undefined
let turns = 0

beforeAll(async () => {
  box = await startBox({
    turns: [
      single,
      { text: "Got it." },
      multi,
      { text: "Multi done." },
      single,
      { text: "Dismissed seen." },
      single,
      { text: "never sent" },
    ],
  })
  c = await box.connect()
  const opened = await openXagentAgent(box, c)
  sessionId = opened.sessionId
  stopAgentDaemon = opened.stopAgentDaemon
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  await stopAgentDaemon?.()
  await box?.cleanup()
})

/** Sends a prompt and returns the question dock's request it leads to. */
async function askedBy(text: string): Promise<Extract<UiRequest, { kind: "ask_user" }>> {
  await c.request("session.prompt", { sessionId, text })
  const s = await rec.waitFor((s) => s.ui.pending.length > 0, `the form after "${text}"`)
  const r = s.ui.pending[0]!
  if (r.kind !== "ask_user") throw new Error(`expected the question dock, got ${JSON.stringify(r)}`)
  return r
}

async function answer(requestId: string, response: UiResponse) {
  await c.request("session.uiRespond", { sessionId, requestId, response })
  turns++
  return rec.waitFor(turnsEnded(turns), "the turn after the answer")
}

/** What the scripted model was sent last: the tool result the form's answer became. */
const lastSent = () => JSON.stringify(box.llm.requests().at(-1)?.last ?? [])

describe("an ACP agent's form as the question dock", () => {
  test(
    "a choice field with its typed companion is one question (sanitized, its sketch kept); the choice reaches the agent",
    async () => {
      const r = await askedBy("ask me")
      expect(r.questions).toEqual([
        {
          id: "f0",
          label: "Stack",
          prompt: "Which runtime? One answer: pick a choice, or type your own below, not both.",
          allowCustom: true,
          uiSketch: true,
          choices: [
            { value: "bun", label: "Bun", sketch: "+--+\n|b |\n+--+" },
            { value: "node", label: "Node", description: "the classic" },
          ],
        } satisfies AskQuestion,
      ])
      const s = await answer(r.id, {
        answers: [{ id: "f0", value: "node", label: "Node", wasCustom: false, index: 2 }],
      })
      expect(s.ui.pending).toEqual([])
      // (the summary is xagent acp's, over its own unsanitized label: the model reads it, no terminal)
      expect(lastSent()).toContain(": Node (choice 2)")
    },
    SLOW,
  )

  test(
    "a multi-select with a typed answer: both go back, the typed one in its companion field",
    async () => {
      const r = await askedBy("pick languages")
      expect(r.questions[0]).toMatchObject({ multiple: true, allowCustom: true, maxSelections: 2 })
      expect(r.questions[0]!.choices.map((ch) => ch.value)).toEqual(["ts", "go", "rs"])
      // one choice and a typed answer make the two the question takes
      const selections = [
        { value: "go", label: "Go", wasCustom: false, index: 2 },
        { value: "Zig", label: "Zig", wasCustom: true },
      ]
      await answer(r.id, { answers: [{ id: "f0", multiple: true, selections }] })
      expect(lastSent()).toContain('Languages: Go (choice 2), Something else: \\"Zig\\" (custom)')
    },
    SLOW,
  )

  test(
    "a dismissed dock is the form cancelled: the agent's model hears it was dismissed, nothing chosen",
    async () => {
      const r = await askedBy("ask again")
      await answer(r.id, { cancelled: true })
      expect(lastSent()).toContain("The questions were dismissed without an answer.")
    },
    SLOW,
  )

  test(
    "a stop while the dock is open withdraws it and the turn ends cancelled",
    async () => {
      const r = await askedBy("one more")
      const before = rec.events.length
      await c.request("session.abort", { sessionId })
      turns++
      const s = await rec.waitFor(turnsEnded(turns), "the cancelled turn")
      expect(s.ui.pending).toEqual([])
      const after = rec.events.slice(before).map((e) => e.event)
      expect(after).toContainEqual({ type: "ui_resolved", requestId: r.id })
      expect(after.find((e) => e.type === "turn_end")).toMatchObject({ stopReason: "cancelled" })
      // the answer that comes too late is refused, not sent
      await expect(
        c.request("session.uiRespond", { sessionId, requestId: r.id, response: { cancelled: true } }),
      ).rejects.toThrow(/No open question/)
    },
    SLOW,
  )
})
