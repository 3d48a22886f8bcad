// submit_plan: how the model ends a plan request (plan_ready, blocked, no_plan) and how it proposes
// a changed plan during an implementation run. Checking the call is here; what it leads to is the
// extension's (index.ts), reached through `onSubmit`.
import { Type } from "typebox"
import type { ExtensionContext, ToolDefinition } from "@earendil-works/pi-coding-agent"
import { Text } from "@earendil-works/pi-tui"
import { PLAN_TOOL, type PlanOutcome } from "./rules"
import { errorBody, toolBody, toolHead, type FgTheme } from "../../src/common/tool-look"

export const submitPlanParameters = Type.Object({
  outcome: Type.Union([Type.Literal("plan_ready"), Type.Literal("blocked"), Type.Literal("no_plan")]),
  title: Type.Optional(Type.String({ description: "A few words naming the plan" })),
  plan: Type.Optional(
    Type.String({ description: "plan_ready: the plan in Markdown: numbered steps, then a Risks section" }),
  ),
  missing: Type.Optional(Type.String({ description: "blocked: which input is needed before a plan can be made" })),
})

export type Submission = { outcome: Exclude<PlanOutcome, "invalid">; title?: string; plan?: string; missing?: string }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined)

/** The submission, or what is wrong with it. */
export function checkSubmission(params: unknown): Submission | { problem: string } {
  if (!isRecord(params)) return { problem: "submit_plan needs an object with outcome" }
  const outcome = params.outcome
  if (outcome !== "plan_ready" && outcome !== "blocked" && outcome !== "no_plan")
    return { problem: "outcome: must be plan_ready, blocked or no_plan" }
  const s: Submission = { outcome }
  const title = text(params.title)
  if (title) s.title = title
  if (outcome === "plan_ready") {
    const plan = text(params.plan)
    if (!plan) return { problem: "plan: required for plan_ready (the steps in Markdown)" }
    s.plan = plan
  }
  if (outcome === "blocked") {
    const missing = text(params.missing)
    if (!missing) return { problem: "missing: required for blocked (which input is needed)" }
    s.missing = missing
  }
  return s
}

export type OnSubmit = (
  s: Submission,
  ctx: ExtensionContext,
  signal?: AbortSignal,
) => Promise<{ text: string; details?: unknown }>

/** What a call says in a word or two: "plan ready: Add a flag", "blocked: the API key", "no plan". */
export function callSummary(args: unknown): string {
  if (!isRecord(args)) return ""
  const title = text(args.title)
  switch (args.outcome) {
    case "plan_ready":
      return title ? `plan ready: ${title}` : "plan ready"
    case "blocked": {
      const missing = text(args.missing)
      return missing ? `blocked: ${missing}` : "blocked"
    }
    case "no_plan":
      return "no plan"
    default:
      return ""
  }
}

export function createSubmitPlanTool(onSubmit: OnSubmit): ToolDefinition<any, any, any> {
  const tool: ToolDefinition<typeof submitPlanParameters, unknown> = {
    name: PLAN_TOOL,
    label: "Submit plan",
    description: [
      "End a plan request with exactly one call: plan_ready with the plan (Markdown steps and risks), blocked",
      "with the input that is missing, or no_plan when the request needs no plan (then answer normally).",
      "Ask clarifying questions with ask_user before submitting, never as free text in the reply.",
      "While implementing a plan, call it again with plan_ready only if the plan must change; the person approves the change.",
    ].join(" "),
    promptSnippet: "end a plan request with its outcome (plan_ready, blocked, no_plan)",
    parameters: submitPlanParameters,
    executionMode: "sequential",
    async execute(_id, params, signal, _onUpdate, ctx) {
      const s = checkSubmission(params)
      if ("problem" in s) throw new Error(`submit_plan refused: ${s.problem}`)
      const r = await onSubmit(s, ctx, signal)
      return { content: [{ type: "text", text: r.text }], details: r.details ?? s }
    },
    // Its own rows (the window and Pi draw them), not its arguments as JSON. The plan itself is on
    // the plan card that follows; a change during implementation has its card in the window.
    renderCall: (args, theme, ctx) =>
      new Text(toolHead(theme as FgTheme, ctx, { name: PLAN_TOOL, summary: callSummary(args) }), 0, 0),
    renderResult: (result, { expanded }, theme, ctx) => {
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")
      if (ctx.isError) return new Text(errorBody(theme as FgTheme, text, expanded), 0, 0)
      return new Text(expanded ? toolBody(theme as FgTheme, text.split("\n")) : "", 0, 0)
    },
  }
  return tool as ToolDefinition<any, any, any>
}
