// An ACP agent's form elicitation (`elicitation/create`, mode "form") as the window's question
// dock, and the dock's answers back as the form's content. Each field of the requested schema is
// one ask_user question: a string with `oneOf`/`enum` a single choice, an `array` a multi-select,
// a boolean Yes/No, a string or number a typed answer (the dock's own "Something else" row). A
// field that may stay empty gets a choice that leaves it out. A form with no fields is a question
// to accept or decline. Every text the agent wrote is sanitized here (labels, prompts, choices);
// values stay as sent, since they go back to the agent. What the dock cannot check (a number, a
// pattern, a length) is checked on the answer: refused with the reason, the dock shows again.
import type * as acp from "@agentclientprotocol/sdk"
import { customKeyOf } from "../../common/ask-form-fields"
import { terminalText } from "../../common/terminal-text"
import {
  ASK_LIMITS,
  formatProblems,
  ProtocolError,
  sketchProblem,
  validateAnswers,
  validateQuestions,
  type AskAnswer,
  type AskChoice,
  type AskQuestion,
  type AskSelection,
  type UiRequest,
  type UiResponse,
} from "../../protocol/index"
import { fieldChecks, type FieldCheck } from "./elicitation-checks"

type Content = Record<string, acp.ElicitationContentValue>
type Prop = Record<string, unknown>

export type ElicitationAsk =
  | { request: UiRequest; answer(response: UiResponse): acp.CreateElicitationResponse }
  /** Why the form cannot be shown in the dock (the agent is told it was declined). */
  | { unshowable: string }

/** One question and how its answer becomes the form's content (a string: what is wrong with it). */
interface Field {
  question: AskQuestion
  content(answer: AskAnswer): Content | string
}

const SKIP_LABEL = "Leave it empty"
const line = (s: string) => terminalText(s).replace(/\s+/g, " ").trim()
const str = (v: unknown) => (typeof v === "string" ? v : undefined)
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined)
const selections = (a: AskAnswer): AskSelection[] =>
  "multiple" in a && a.multiple ? a.selections : [a as AskSelection]

/** A value no choice has, for the choice that leaves the field empty. */
function skipValue(values: string[]): string {
  let v = "(empty)"
  while (values.includes(v)) v += "_"
  return v
}

function enumChoices(p: Prop): AskChoice[] | undefined {
  const titled = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined
  const plain = Array.isArray(p.enum) ? p.enum : undefined
  if (titled)
    return titled.map((o: Prop) => {
      const sketch = str((o._meta as Prop | undefined)?.["xagent/sketch"])
      const description = str(o.description) && terminalText(o.description as string)
      return {
        value: String(o.const),
        label: line(str(o.title) ?? String(o.const)) || String(o.const),
        ...(description ? { description } : {}),
        // only a sketch the dock can draw (printable ASCII within its bounds)
        ...(sketch && !sketchProblem(sketch) ? { sketch } : {}),
      }
    })
  if (plain) return plain.map((v) => ({ value: String(v), label: line(String(v)) || String(v) }))
  return undefined
}

export function elicitationAsk(id: string, params: acp.CreateElicitationRequest): ElicitationAsk {
  if (params.mode !== "form" || !("requestedSchema" in params))
    return { unshowable: `xagent shows only form elicitations (this one is "${String(params.mode)}")` }
  const schema = params.requestedSchema as acp.ElicitationSchema
  const message = terminalText(params.message ?? "").trim()
  const props = (schema.properties ?? {}) as Record<string, Prop>
  const required = new Set(schema.required ?? [])
  if (Object.keys(props).length === 0) return confirmAsk(id, message)

  // A choice field's typed companion (common/ask-form-fields.ts) is its "Something else" row.
  const folded = new Set(
    Object.keys(props).filter((k) => {
      const of = props[k]!
      const companion = props[customKeyOf(k)]
      return (
        companion?.type === "string" &&
        !enumChoices(companion) &&
        !!enumChoices(of.type === "array" ? ((of.items as Prop) ?? {}) : of)
      )
    }),
  )
  const fields: Field[] = []
  const skipped: string[] = []
  for (const [key, p] of Object.entries(props)) {
    if ([...folded].some((k) => customKeyOf(k) === key)) continue
    const at = `f${fields.length}`
    const field = makeField(at, key, p, required.has(key), folded.has(key))
    if (typeof field !== "string") fields.push(field)
    else if (required.has(key)) return { unshowable: `the field ${JSON.stringify(key)}: ${field}` }
    else skipped.push(key)
  }
  if (fields.length === 0) return { unshowable: `none of its fields can be shown (${skipped.join(", ")})` }
  if (fields.length > ASK_LIMITS.questions)
    return { unshowable: `${fields.length} fields, the question dock shows at most ${ASK_LIMITS.questions}` }
  // The form's message leads the first question (unless its own description already says it).
  const first = fields[0]!.question
  if (message && !first.prompt.includes(message)) first.prompt = `${message}\n\n${first.prompt}`
  const questions = fields.map((f) => f.question)
  // A typed field is a question with no choice but the dock's own row, which ask_user's rules
  // (written for the model's questions) refuse; the dock draws it.
  const problems = validateQuestions(questions).filter((p) => p.rule !== "must hold at least 1 choice")
  if (problems.length) return { unshowable: formatProblems(problems) }
  return {
    request: { id, kind: "ask_user", questions },
    answer(response) {
      if ("cancelled" in response) return { action: "cancel" }
      if (!("answers" in response)) throw new ProtocolError("bad_request", "Answer the questions, or cancel them")
      const bad = validateAnswers(questions, response.answers)
      if (bad.length) throw new ProtocolError("bad_request", formatProblems(bad))
      const content: Content = {}
      const wrong: string[] = []
      fields.forEach((f, i) => {
        const got = f.content(response.answers[i]!)
        if (typeof got === "string") wrong.push(`${f.question.label}: ${got}`)
        else Object.assign(content, got)
      })
      if (wrong.length) throw new ProtocolError("bad_request", wrong.join("\n"))
      return { action: "accept", content }
    },
  }
}

/** A form with no fields: the person accepts or declines what its message says. */
function confirmAsk(id: string, message: string): ElicitationAsk {
  const questions: AskQuestion[] = [
    {
      id: "f0",
      label: "Answer",
      prompt: message || "The agent asks you to confirm.",
      choices: [
        { value: "accept", label: "Accept" },
        { value: "decline", label: "Decline" },
      ],
      allowCustom: false,
    },
  ]
  return {
    request: { id, kind: "ask_user", questions },
    answer(response) {
      if ("cancelled" in response) return { action: "cancel" }
      const a = "answers" in response ? response.answers[0] : undefined
      const v = a && selections(a)[0]?.value
      if (v === "accept") return { action: "accept", content: {} }
      if (v === "decline") return { action: "decline" }
      throw new ProtocolError("bad_request", "Answer Accept or Decline, or cancel")
    },
  }
}

/** The field's question, or why the dock cannot ask it. */
function makeField(id: string, key: string, p: Prop, isRequired: boolean, hasCustom: boolean): Field | string {
  const label = line(str(p.title) ?? key) || "Answer"
  const description = str(p.description) ? terminalText(p.description as string).trim() : ""
  const base = { id, label, prompt: description || label }
  const skipChoice = (values: string[]): AskChoice[] =>
    isRequired ? [] : [{ value: skipValue(values), label: SKIP_LABEL }]
  const isSkip = (s: AskSelection | undefined, values: string[]) =>
    !isRequired && !!s && !s.wasCustom && s.value === skipValue(values)

  if (p.type === "array") {
    const choices = enumChoices((p.items as Prop | undefined) ?? {})
    if (!choices) return "a list without choices"
    const values = choices.map((c) => c.value)
    const limit = choices.length + (hasCustom ? 1 : 0)
    const max = Math.max(1, Math.min(num(p.maxItems) ?? limit, limit))
    const min = Math.min(num(p.minItems) ?? 0, max)
    const defaults = Array.isArray(p.default) ? p.default.map(String) : []
    return {
      question: {
        ...base,
        multiple: true,
        minSelections: min,
        maxSelections: max,
        allowCustom: hasCustom,
        choices: choices.map((c) => (defaults.includes(c.value) ? { ...c, recommended: true } : c)),
        ...(choices.some((c) => c.sketch) ? { uiSketch: true } : {}),
      },
      content(a) {
        const sels = selections(a)
        const typed = sels.find((s) => s.wasCustom)?.value
        const picked = sels.filter((s) => !s.wasCustom && values.includes(s.value)).map((s) => s.value)
        return { [key]: picked, ...(typed ? { [customKeyOf(key)]: typed } : {}) }
      },
    }
  }
  if (p.type === "boolean") {
    const values = ["true", "false"]
    const def = typeof p.default === "boolean" ? String(p.default) : undefined
    return {
      question: {
        ...base,
        allowCustom: false,
        choices: [
          { value: "true", label: "Yes", ...(def === "true" ? { recommended: true } : {}) },
          { value: "false", label: "No", ...(def === "false" ? { recommended: true } : {}) },
          ...skipChoice(values),
        ],
      },
      content: (a) => (isSkip(selections(a)[0], values) ? {} : { [key]: selections(a)[0]?.value === "true" }),
    }
  }
  const choices = p.type === "string" ? enumChoices(p) : undefined
  if (choices) {
    const values = choices.map((c) => c.value)
    const def = str(p.default)
    return {
      question: {
        ...base,
        allowCustom: hasCustom,
        choices: [
          ...choices.map((c) => (c.value === def ? { ...c, recommended: true } : c)),
          // with a typed companion the question takes one answer: a choice or the typed one
          ...(hasCustom ? [] : skipChoice(values)),
        ],
        ...(choices.some((c) => c.sketch) ? { uiSketch: true } : {}),
      },
      content(a) {
        const s = selections(a)[0]
        if (!s || (!hasCustom && isSkip(s, values))) return {}
        return s.wasCustom ? { [customKeyOf(key)]: s.value } : { [key]: s.value }
      },
    }
  }
  const check: FieldCheck | string = fieldChecks(p)
  if (typeof check === "string") return check
  return {
    question: {
      ...base,
      prompt: check.hint ? `${base.prompt} (${check.hint})` : base.prompt,
      allowCustom: true,
      // a typed answer is the dock's own row; the only choice is to leave it out
      choices: skipChoice([]),
    },
    content(a) {
      const s = selections(a)[0]
      if (!s || !s.wasCustom) return {}
      const v = check.parse(s.value)
      return typeof v === "object" && !Array.isArray(v) ? v.problem : { [key]: v }
    },
  }
}
