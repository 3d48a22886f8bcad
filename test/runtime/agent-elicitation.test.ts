// An ACP agent's form elicitation as the question dock's questions, and the dock's answers back as
// the form's content (runtime/agent/agent-elicitation.ts): the shapes `xagent acp` never sends
// (booleans, numbers, plain text, optional fields, a form with no fields), the checks the dock
// cannot make, and the forms it cannot show. The round trip with `xagent acp` itself is in
// test/daemon/agent-elicitation.test.ts.
import { describe, expect, test } from "bun:test"
import type * as acp from "@agentclientprotocol/sdk"
import type { AskAnswer, AskQuestion, UiRequest, UiResponse } from "../../src/protocol"
import { elicitationAsk } from "../../src/runtime/agent/agent-elicitation"

const form = (requestedSchema: acp.ElicitationSchema, message = "Set it up"): acp.CreateElicitationRequest => ({
  sessionId: "s",
  mode: "form",
  message,
  requestedSchema,
})

function shown(params: acp.CreateElicitationRequest) {
  const ask = elicitationAsk("r1", params)
  if ("unshowable" in ask) throw new Error(ask.unshowable)
  const request = ask.request as Extract<UiRequest, { kind: "ask_user" }>
  return { questions: request.questions, answer: (r: UiResponse) => ask.answer(r) }
}

const typed = (id: string, value: string): AskAnswer => ({ id, value, label: value, wasCustom: true })
const chose = (q: AskQuestion, value: string): AskAnswer => {
  const index = q.choices.findIndex((c) => c.value === value)
  return { id: q.id, value, label: q.choices[index]!.label, wasCustom: false, index: index + 1 }
}

describe("an agent's form as the question dock", () => {
  test("each primitive field is one question; the answers come back typed as the schema says", () => {
    const { questions, answer } = shown(
      form({
        type: "object",
        properties: {
          name: { type: "string", title: "Name\u001b[2J", description: "Your name", minLength: 2 },
          age: { type: "integer", title: "Age", minimum: 0, maximum: 150 },
          ratio: { type: "number", title: "Ratio" },
          ok: { type: "boolean", title: "Agree", default: true },
          color: { type: "string", title: "Colour", enum: ["red", "green"] },
          tags: {
            type: "array",
            title: "Tags",
            minItems: 1,
            items: {
              anyOf: [
                { const: "a", title: "A" },
                { const: "b", title: "B" },
              ],
            },
          },
        },
        required: ["name", "age", "ratio", "ok", "color", "tags"],
      }),
    )
    expect(questions.map((q) => [q.label, q.prompt])).toEqual([
      // the form's message leads the first question; the agent's text is sanitized
      ["Name", "Set it up\n\nYour name (at least 2 characters)"],
      ["Age", "Age (a whole number from 0 to 150)"],
      ["Ratio", "Ratio (a number)"],
      ["Agree", "Agree"],
      ["Colour", "Colour"],
      ["Tags", "Tags"],
    ])
    // typed fields: the dock's own row, no choice (required)
    expect(questions[0]).toMatchObject({ allowCustom: true, choices: [] })
    expect(questions[3]!.choices).toEqual([
      { value: "true", label: "Yes", recommended: true },
      { value: "false", label: "No" },
    ])
    expect(questions[4]).toMatchObject({
      allowCustom: false,
      choices: [
        { value: "red", label: "red" },
        { value: "green", label: "green" },
      ],
    })
    expect(questions[5]).toMatchObject({ multiple: true, minSelections: 1, maxSelections: 2, allowCustom: false })
    const [name, age, ratio, ok, color, tags] = questions
    const answers: AskAnswer[] = [
      typed(name!.id, "Ada"),
      typed(age!.id, "36"),
      typed(ratio!.id, "0.5"),
      chose(ok!, "false"),
      chose(color!, "green"),
      { id: tags!.id, multiple: true, selections: [{ value: "b", label: "B", wasCustom: false, index: 2 }] },
    ]
    expect(answer({ answers })).toEqual({
      action: "accept",
      content: { name: "Ada", age: 36, ratio: 0.5, ok: false, color: "green", tags: ["b"] },
    })
    // what the dock cannot check is refused with the rule, and nothing is sent
    const bad = [...answers]
    bad[1] = typed(age!.id, "36.5")
    bad[0] = typed(name!.id, "A")
    expect(() => answer({ answers: bad })).toThrow(
      /Name: at least 2 characters, please\nAge: a whole number from 0 to 150/,
    )
    expect(answer({ cancelled: true })).toEqual({ action: "cancel" })
  })

  test("a field that may stay empty has a choice that leaves it out of the content", () => {
    const { questions, answer } = shown(
      form({
        type: "object",
        properties: { email: { type: "string", format: "email" }, subscribe: { type: "boolean" } },
      }),
    )
    expect(questions[0]).toMatchObject({ label: "email", allowCustom: true, choices: [{ label: "Leave it empty" }] })
    expect(questions[0]!.prompt).toBe("Set it up\n\nemail (an email address)")
    expect(questions[1]!.choices.map((c) => c.label)).toEqual(["Yes", "No", "Leave it empty"])
    const empty = [
      chose(questions[0]!, questions[0]!.choices[0]!.value),
      chose(questions[1]!, questions[1]!.choices[2]!.value),
    ]
    expect(answer({ answers: empty })).toEqual({ action: "accept", content: {} })
    expect(() => answer({ answers: [typed(questions[0]!.id, "nope"), empty[1]!] })).toThrow(/an email address, please/)
  })

  test("a form with no fields asks to accept or decline its message", () => {
    const { questions, answer } = shown(form({ type: "object", properties: {} }, "Continue with the migration?"))
    expect(questions).toHaveLength(1)
    expect(questions[0]!.prompt).toBe("Continue with the migration?")
    expect(answer({ answers: [chose(questions[0]!, "accept")] })).toEqual({ action: "accept", content: {} })
    expect(answer({ answers: [chose(questions[0]!, "decline")] })).toEqual({ action: "decline" })
  })

  test("what the dock cannot show is said, never half asked", () => {
    const url = { sessionId: "s", mode: "url", message: "Sign in", elicitationId: "e1", url: "https://x" }
    expect(elicitationAsk("r", url as acp.CreateElicitationRequest)).toEqual({
      unshowable: 'xagent shows only form elicitations (this one is "url")',
    })
    const odd = form({ type: "object", properties: { blob: { type: "_file" } }, required: ["blob"] })
    expect(elicitationAsk("r", odd)).toEqual({ unshowable: 'the field "blob": a field of type "_file"' })
    // an optional field of an unknown type is left out; the rest is asked
    const some = form({ type: "object", properties: { blob: { type: "_file" }, n: { type: "number" } } })
    expect(shown(some).questions.map((q) => q.label)).toEqual(["n"])
    const many = Object.fromEntries([...Array(7)].map((_, i) => [`f${i}`, { type: "boolean" as const }]))
    expect(elicitationAsk("r", form({ type: "object", properties: many }))).toEqual({
      unshowable: "7 fields, the question dock shows at most 6",
    })
  })
})
