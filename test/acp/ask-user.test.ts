// ACP's forms (ask_user as a form elicitation, re-validated by xagent; the
// no-form fallback), and one session shared by an editor and a terminal client: the question
// the editor's prompt asked is answered from the terminal, the first answer wins.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { Recorder } from "../daemon/harness"
import {
  aborted,
  chunkText,
  FORM_CAPS,
  lastSent,
  newSession,
  prompt,
  startAcpBox,
  type AcpBox,
  type Editor,
} from "./harness"
import { ASK_PICK_TWO } from "../fixture/ask-steps"

const SLOW = 90_000

const single = {
  tool: "ask_user",
  args: {
    questions: [
      {
        id: "stack",
        label: "Stack",
        prompt: "Which runtime?",
        choices: [
          { value: "bun", label: "Bun", sketch: "+--+\n|b |\n+--+" },
          { value: "node", label: "Node", description: "the classic" },
        ],
      },
    ],
  },
}
const multi = ASK_PICK_TWO

let box: AcpBox
let ed: Editor
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      single,
      { text: "Got it." },
      multi,
      { text: "Multi done." },
      multi,
      { text: "Invalid seen." },
      single,
      { text: "Declined seen." },
      single,
      { text: "Dismissed seen." },
      single,
      { text: "Unavailable seen." },
      single,
      { text: "Terminal answered." },
      single,
      { text: "Both seen." },
      // a subagent asks: the parent's agent call, the child's question and report, the parent's reply
      { tool: "agent", args: { task: "CHILD ask the editor", title: "Ask it" } },
      single,
      { text: "Child asked." },
      { text: "Parent done." },
    ],
  })
  ed = await box.editor(FORM_CAPS)
}, SLOW)
afterAll(() => box.cleanup())

test(
  "a_ask_user_single_form_roundtrip: oneOf with the choices, custom field, nothing required",
  async () => {
    ed.onForm = () => ({ action: "accept", content: { q0: "node" } })
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "ask me")).stopReason).toBe("end_turn")
    const form = ed.forms[0] as acp.CreateElicitationRequest & {
      requestedSchema: Record<string, any>
      toolCallId?: string
    }
    expect(form.mode).toBe("form")
    expect(form.message).toBe("Which runtime?")
    expect(form.requestedSchema).toEqual({
      type: "object",
      properties: {
        q0: {
          type: "string",
          title: "Stack",
          description: "Which runtime? One answer: pick a choice, or type your own below, not both.",
          oneOf: [
            { const: "bun", title: "Bun", _meta: { "xagent/sketch": "+--+\n|b |\n+--+" } },
            { const: "node", title: "Node", description: "the classic" },
          ],
        },
        q0_custom: {
          type: "string",
          title: "Something else",
          description: "Instead of a choice above: leave the choice empty.",
        },
      },
      required: [],
    })
    // The form names the ask_user row it belongs to.
    const row = ed.of(s.sessionId).find((u) => u.sessionUpdate === "tool_call") as { toolCallId: string; title: string }
    expect(form.toolCallId).toBe(row.toolCallId)
    // The sketch went on that row as fenced text.
    const texts = JSON.stringify(
      ed.of(s.sessionId).filter((u) => u.sessionUpdate === "tool_call_update" && u.toolCallId === row.toolCallId),
    )
    expect(texts).toContain(JSON.stringify("Stack: Bun\n```\n+--+\n|b |\n+--+\n```").slice(1, -1))
    expect(lastSent(box)).toContain("Stack: Node (choice 2)")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Got it.")
  },
  SLOW,
)

test(
  "a_ask_user_multi_min_max_custom_validation: an unoffered const is refused and asked again; twice is an invalid answer",
  async () => {
    ed.forms.length = 0
    const replies = [
      { action: "accept", content: { q0: ["ts", "java"] } },
      { action: "accept", content: { q0: ["go"], q0_custom: "Zig" } },
    ]
    ed.onForm = () => replies.shift() as acp.CreateElicitationResponse
    const s = await newSession(ed, box.box.cwd)
    await prompt(ed, s.sessionId, "pick languages")
    expect(ed.forms).toHaveLength(2)
    const schema = (ed.forms[0] as { requestedSchema: Record<string, any> }).requestedSchema
    expect(schema.properties.q0.type).toBe("array")
    expect(schema.properties.q0.maxItems).toBe(2)
    // With a typed answer allowed the minimum spans both fields: said in words, checked by xagent.
    expect(schema.properties.q0.minItems).toBeUndefined()
    expect(schema.properties.q0.description).toContain("Select 2 answers.")
    expect(schema.properties.q0.items.anyOf.map((o: { const: string }) => o.const)).toEqual(["ts", "go", "rs"])
    expect(lastSent(box)).toContain('Languages: Go (choice 2), Something else: \\"Zig\\" (custom)')

    ed.forms.length = 0
    ed.onForm = () => ({ action: "accept", content: { q0: ["ts", "go", "rs"] } })
    await prompt(ed, s.sessionId, "again")
    expect(ed.forms).toHaveLength(2)
    expect(lastSent(box)).toContain("Invalid answer from the editor's form")
    expect(lastSent(box)).toContain("nothing was chosen for the person")
  },
  SLOW,
)

test(
  "a_ask_user_decline_cancel: decline and cancel reach the model as such, never as a choice",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    ed.onForm = () => ({ action: "decline" })
    await prompt(ed, s.sessionId, "ask")
    expect(lastSent(box)).toContain("The person declined to answer the questions.")
    ed.onForm = () => ({ action: "cancel" })
    await prompt(ed, s.sessionId, "ask again")
    expect(lastSent(box)).toContain("The questions were dismissed without an answer.")
  },
  SLOW,
)

test(
  "a_ask_user_no_form_cap_never_elicits: the fallback asks the model to ask in its reply",
  async () => {
    const plain = await box.editor({})
    try {
      const s = await newSession(plain, box.box.cwd)
      expect((await prompt(plain, s.sessionId, "ask")).stopReason).toBe("end_turn")
      expect(plain.forms).toHaveLength(0)
      expect(lastSent(box)).toContain("Questions are unavailable in this editor")
      expect(chunkText(plain.of(s.sessionId), "agent_message_chunk")).toBe("Unavailable seen.")
    } finally {
      await plain.close()
    }
  },
  SLOW,
)

test(
  "a terminal client attached to the editor's session sees it and answers its question first",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    let withdrawn = false
    ed.forms.length = 0
    ed.onForm = async (_req, signal) => {
      await aborted(signal)
      withdrawn = true
      return { action: "cancel" }
    }
    const reply = prompt(ed, s.sessionId, "ask the terminal")
    const term = await box.attach()
    const { sessions } = await term.daemon("daemon.status", {})
    const live = sessions.find((x) => x.piSessionId === s.sessionId)!
    const rec = new Recorder(term, live.sessionId)
    const snap = await rec.waitFor((x) => x.ui.pending.some((r) => r.kind === "ask_user"), "the question")
    // What the editor started is what the terminal shows.
    expect(snap.items.some((i) => i.kind === "user" && i.text === "ask the terminal")).toBe(true)
    await ed.waitFor(() => ed.forms.length === 1, "the editor's form")
    const q = snap.ui.pending.find((r) => r.kind === "ask_user")!
    await term.request("session.uiRespond", {
      sessionId: live.sessionId,
      requestId: q.id,
      response: { answers: [{ id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 }] },
    })
    expect((await reply).stopReason).toBe("end_turn")
    expect(withdrawn).toBe(true)
    expect(lastSent(box)).toContain("Stack: Bun (choice 1)")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Terminal answered.")
    rec.stop()
  },
  SLOW,
)

test(
  "a choice and a typed answer to one question: the form is asked again saying why, then the valid answer counts",
  async () => {
    ed.forms.length = 0
    const replies = [
      { action: "accept", content: { q0: "bun", q0_custom: "Deno" } },
      { action: "accept", content: { q0_custom: "Deno" } },
    ]
    ed.onForm = () => replies.shift() as acp.CreateElicitationResponse
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "ask me twice")).stopReason).toBe("end_turn")
    expect(ed.forms).toHaveLength(2)
    expect(ed.forms[0]!.message).toBe("Which runtime?")
    expect(ed.forms[1]!.message).toContain("Please answer again: Stack: needs exactly one answer")
    expect(lastSent(box)).toContain("Deno")
    expect(lastSent(box)).not.toContain("Invalid answer")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Both seen.")
  },
  SLOW,
)

test(
  "a subagent's question reaches the editor as a form that names the child",
  async () => {
    ed.forms.length = 0
    ed.onForm = () => ({ action: "accept", content: { q0: "bun" } })
    // an editor's session gates tool calls: the agent call is allowed
    ed.onPermission = () => ({ outcome: { outcome: "selected", optionId: "allow_once" } })
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "delegate the question")).stopReason).toBe("end_turn")
    expect(ed.permissions.at(-1)!.toolCall.title).not.toContain("Subagent")
    expect(ed.forms).toHaveLength(1)
    expect(ed.forms[0]!.message).toBe("Subagent general · Ask it asks: Which runtime?")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Parent done.")
  },
  SLOW,
)
