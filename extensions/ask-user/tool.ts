// The ask_user tool: validates the questions with the shared rules, asks the person through an injected
// function (index.ts gives it the host's dialog request), and returns their answers as `details` plus a
// short summary for the model.
import { Type } from "typebox"
import type { ToolDefinition } from "@earendil-works/pi-coding-agent"
import {
  ASK_LIMITS,
  formatProblems,
  summarizeAnswers,
  validateAnswers,
  validateQuestions,
  type AskOutcome,
  type AskProblem,
  type AskQuestion,
  type AskUserDetails,
} from "../../src/protocol/ask-user"

/** Shows the questions to the person and resolves with their answers or a cancel. */
export type AskUser = (questions: AskQuestion[], signal?: AbortSignal) => Promise<AskOutcome>

/** A refused ask_user call: each problem names the field and the rule. Pi reports it as a tool error. */
export class AskUserInputError extends Error {
  constructor(
    readonly problems: AskProblem[],
    what = "input",
  ) {
    super(`ask_user ${what} refused (nothing was shown to the person):\n${formatProblems(problems)}`)
    this.name = "AskUserInputError"
  }
}

const Choice = Type.Object({
  value: Type.String({ description: "Stable value returned in the answer; unique within the question" }),
  label: Type.String({ description: "What the person reads" }),
  description: Type.Optional(Type.String({ description: "One line of context shown beside the label" })),
  recommended: Type.Optional(Type.Boolean({ description: "Mark as recommended (visual only, never preselected)" })),
  sketch: Type.Optional(
    Type.String({
      description: `Plain ASCII mockup for uiSketch previews: at most ${ASK_LIMITS.sketchColumns} columns and ${ASK_LIMITS.sketchLines} lines, no tabs or non-ASCII`,
    }),
  ),
})

const Question = Type.Object({
  id: Type.String({ description: "Unique within the call" }),
  label: Type.String({ description: "1-2 words, shown as the question's tab" }),
  prompt: Type.String({ description: "The question" }),
  choices: Type.Array(Choice, { minItems: 1, maxItems: ASK_LIMITS.choices }),
  multiple: Type.Optional(Type.Boolean({ description: "Checkbox multi-select" })),
  minSelections: Type.Optional(Type.Integer({ minimum: 0, description: "Multi-select: fewest answers (default 1)" })),
  maxSelections: Type.Optional(
    Type.Integer({ minimum: 1, description: "Multi-select: most answers (default: choices + 1; free text counts)" }),
  ),
  uiSketch: Type.Optional(Type.Boolean({ description: "Preview the focused choice's sketch" })),
  allowCustom: Type.Optional(Type.Boolean({ description: 'Offer a "Something else" free-text answer (default true)' })),
})

export const askUserParameters = Type.Object({
  questions: Type.Array(Question, { minItems: 1, maxItems: ASK_LIMITS.questions }),
})

const DESCRIPTION = [
  "Ask the person one to six structured questions and wait for their answers.",
  "Each question has 1-12 choices; the person may also type their own answer unless allowCustom is false.",
  "Use multiple for checkbox multi-select (min/maxSelections bound the count; the typed answer counts as one).",
  "Give choices an ASCII sketch and set uiSketch to show a monospace preview of the focused choice.",
  "If the person cancels, details.cancelled is true: do not treat it as an answer.",
].join(" ")

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** Typed for this tool, and assignable where Pi takes any tool (`customTools`), as Pi's `defineTool` does. */
export type AskUserTool = ToolDefinition<typeof askUserParameters, AskUserDetails> & ToolDefinition<any, any, any>

export function createAskUserTool(ask: AskUser): AskUserTool {
  const tool: ToolDefinition<typeof askUserParameters, AskUserDetails> = {
    name: "ask_user",
    label: "Ask user",
    description: DESCRIPTION,
    // Pi writes `- <name>: <snippet>`, so the snippet leaves the name out (else the prompt says
    // the name twice).
    promptSnippet: "ask the person structured multiple-choice questions (with optional ASCII sketches)",
    parameters: askUserParameters,
    executionMode: "sequential",
    async execute(_toolCallId, params, signal) {
      const questions: unknown = isRecord(params) ? params.questions : undefined
      const problems = validateQuestions(questions)
      if (problems.length) throw new AskUserInputError(problems)
      const valid = questions as AskQuestion[]
      const outcome: unknown = await ask(valid, signal)
      if (isRecord(outcome) && outcome.cancelled === true) {
        const reason = typeof outcome.reason === "string" && outcome.reason ? outcome.reason : undefined
        return {
          content: [{ type: "text", text: reason ?? "The person cancelled the questions without answering." }],
          details: { answers: [], cancelled: true },
        }
      }
      const answers = isRecord(outcome) ? outcome.answers : undefined
      const answerProblems = validateAnswers(valid, answers)
      if (answerProblems.length) throw new AskUserInputError(answerProblems, "answer")
      const details: AskUserDetails = { answers: answers as AskUserDetails["answers"] }
      return { content: [{ type: "text", text: summarizeAnswers(valid, details.answers) }], details }
    },
  }
  return tool as AskUserTool
}
