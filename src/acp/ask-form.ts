// ask_user questions as an ACP form elicitation (docs/adr-acp.md), and the form's answer back as
// ask_user answers. The SDK lets any content through, so every rule is checked here again.
import {
  allowsCustom,
  CUSTOM_LABEL,
  maxSelectionsOf,
  minSelectionsOf,
  selectionRule,
  validateAnswers,
  formatProblems,
  type AskAnswer,
  type AskQuestion,
  type AskSelection,
} from "../protocol"
import { customKeyOf, questionKey as key } from "../common/ask-form-fields"

const ONE_OF_TWO = "One answer: pick a choice, or type your own below, not both."
const customKey = (i: number) => customKeyOf(key(i))

export interface AskForm {
  message: string
  requestedSchema: { type: "object"; properties: Record<string, object>; required: string[] }
}

export function askForm(questions: AskQuestion[]): AskForm {
  const properties: Record<string, object> = {}
  const required: string[] = []
  questions.forEach((q, i) => {
    const options = q.choices.map((c) => ({
      const: c.value,
      title: c.label,
      ...(c.description ? { description: c.description } : {}),
      ...(c.sketch ? { _meta: { "xagent/sketch": c.sketch } } : {}),
    }))
    const custom = allowsCustom(q)
    if (q.multiple)
      properties[key(i)] = {
        type: "array",
        title: q.label,
        // With a typed answer allowed the count rule spans both fields: it goes in words, and xagent checks it.
        description: `${q.prompt} ${selectionRule(q)}`,
        maxItems: maxSelectionsOf(q),
        ...(custom ? {} : { minItems: minSelectionsOf(q) }),
        items: { anyOf: options },
      }
    else
      properties[key(i)] = {
        type: "string",
        title: q.label,
        // A form's schema cannot say "exactly one of these two fields": it goes in words, xagent checks it.
        description: custom ? `${q.prompt} ${ONE_OF_TWO}` : q.prompt,
        oneOf: options,
      }
    if (custom)
      properties[customKey(i)] = {
        type: "string",
        title: CUSTOM_LABEL,
        ...(q.multiple ? {} : { description: "Instead of a choice above: leave the choice empty." }),
      }
    else required.push(key(i))
  })
  const message = questions.length === 1 ? questions[0]!.prompt : `${questions.length} questions from xagent`
  return { message, requestedSchema: { type: "object", properties, required } }
}

/** Each choice's sketch as a fenced block under its label; undefined when there is none. */
export function askSketches(questions: AskQuestion[]): string | undefined {
  const parts = questions.flatMap((q) =>
    q.choices
      .filter((c) => c.sketch)
      .map((c) => `${q.label}: ${c.label}\n\`\`\`\n${c.sketch!.replace(/\n$/, "")}\n\`\`\``),
  )
  return parts.length ? parts.join("\n\n") : undefined
}

/** The form's content as answers, or what is wrong with it (in words for the model and the log). */
export function answersFromForm(
  questions: AskQuestion[],
  content: unknown,
): { answers: AskAnswer[] } | { problem: string } {
  if (typeof content !== "object" || content === null || Array.isArray(content))
    return { problem: "the form's content is not an object" }
  const c = content as Record<string, unknown>
  const answers: AskAnswer[] = []
  for (const [i, q] of questions.entries()) {
    const typedRaw = c[customKey(i)]
    if (typedRaw !== undefined && typeof typedRaw !== "string") return { problem: `${customKey(i)}: must be text` }
    const typed = typeof typedRaw === "string" ? typedRaw.trim() : ""
    if (typed && !allowsCustom(q)) return { problem: `${q.label}: a typed answer is not allowed` }
    const picked = c[key(i)]
    const chosen: string[] =
      picked === undefined || picked === "" ? [] : q.multiple && Array.isArray(picked) ? picked : [picked as string]
    if (!chosen.every((v) => typeof v === "string")) return { problem: `${key(i)}: must hold choice values` }
    const sels: AskSelection[] = []
    for (const v of chosen) {
      const index = q.choices.findIndex((ch) => ch.value === v)
      if (index < 0) return { problem: `${q.label}: "${v}" was not offered` }
      if (sels.some((s) => s.value === v)) return { problem: `${q.label}: "${v}" chosen twice` }
      sels.push({ value: v, label: q.choices[index]!.label, wasCustom: false, index: index + 1 })
    }
    if (typed) sels.push({ value: typed, label: typed, wasCustom: true })
    if (q.multiple) {
      const min = minSelectionsOf(q)
      const max = maxSelectionsOf(q)
      if (sels.length < min || sels.length > max)
        return { problem: `${q.label}: ${sels.length} answers, the question takes ${min} to ${max}` }
      answers.push({ id: q.id, multiple: true, selections: sels })
    } else {
      if (sels.length !== 1)
        return { problem: `${q.label}: needs exactly one answer (a choice or a typed one), got ${sels.length}` }
      answers.push({ id: q.id, ...sels[0]! })
    }
  }
  const problems = validateAnswers(questions, answers)
  return problems.length ? { problem: formatProblems(problems) } : { answers }
}

/** The form asked again after an answer xagent refused: its message says why. */
export function askAgain(form: AskForm, problem: string): AskForm {
  return { ...form, message: `${form.message}\n\nPlease answer again: ${problem}.` }
}

/** The tool results for the ways a form ends without answers (the model reads them). */
export const ASK_RESULTS = {
  declined: "The person declined to answer the questions.",
  dismissed: "The questions were dismissed without an answer.",
  invalid: (why: string) => `Invalid answer from the editor's form (${why}); nothing was chosen for the person.`,
  unavailable:
    "Questions are unavailable in this editor; ask them in your reply as plain text and end the turn. The person answers in their next message.",
} as const
