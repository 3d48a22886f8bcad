// get_goal and update_goal: the model reads the goal and declares it achieved or unmet. Active
// only while a goal exists (index.ts switches them).
import { Type } from "typebox"
import type { ToolDefinition } from "@earendil-works/pi-coding-agent"
import { Text } from "@earendil-works/pi-tui"
import { goalStatusText, goalTimeUsed, shortDuration, type GoalState } from "./rules"
import { errorBody, toolBody, toolHead, type FgTheme } from "../../src/common/tool-look"

const resultText = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("\n")
const row = (text: string) => new Text(text, 0, 0)

export const GOAL_TOOLS = ["get_goal", "update_goal"]

export function createGoalTools(opts: {
  goal: () => GoalState | undefined
  declare: (status: "achieved" | "unmet", summary: string) => string
}): ToolDefinition<any, any, any>[] {
  const get: ToolDefinition<ReturnType<typeof Type.Object>, unknown> = {
    name: "get_goal",
    label: "Get goal",
    description: "The session's goal: objective, status, round, caps and time used.",
    promptSnippet: "read the session's goal and how much of its budget is used",
    parameters: Type.Object({}),
    async execute() {
      const g = opts.goal()
      if (!g) throw new Error("There is no goal in this session")
      const now = Date.now()
      const lines = [
        `objective: ${g.objective}`,
        `status: ${goalStatusText(g, now)}`,
        `round: ${g.round} of ${g.maxRounds}`,
        `time used: ${shortDuration(goalTimeUsed(g, now))} of ${shortDuration(g.maxMs)}`,
        `tokens: ${g.tokens}${g.maxTokens ? ` of ${g.maxTokens}` : ""}`,
      ]
      if (g.check) lines.push(`check (must exit 0 before the goal counts as achieved): ${g.check}`)
      return { content: [{ type: "text", text: lines.join("\n") }], details: g }
    },
    // Its own rows (the window and Pi draw them): not `get_goal {}`.
    renderCall: (_args, theme, ctx) => row(toolHead(theme as FgTheme, ctx, { name: "get_goal" })),
    renderResult: (result, { expanded }, theme, ctx) => {
      const text = resultText(result)
      if (ctx.isError) return row(errorBody(theme as FgTheme, text, expanded))
      const lines = text.split("\n")
      // Folded: the status and the round, the lines a person looks for.
      const shown = expanded ? lines : lines.filter((l) => /^(status|round):/.test(l))
      return row(toolBody(theme as FgTheme, shown))
    },
  }
  const updateParameters = Type.Object({
    status: Type.Union([Type.Literal("achieved"), Type.Literal("unmet")]),
    summary: Type.String({ description: "What was done, or why the goal cannot be met" }),
  })
  const update: ToolDefinition<typeof updateParameters, unknown> = {
    name: "update_goal",
    label: "Update goal",
    description:
      "Declare the goal achieved (the work is done and verified) or unmet (it cannot be done); ends the goal loop.",
    promptSnippet: "declare the session's goal achieved or unmet",
    parameters: updateParameters,
    async execute(_id, params) {
      if (!opts.goal()) throw new Error("There is no goal in this session")
      const status = params.status
      if (status !== "achieved" && status !== "unmet") throw new Error("status: must be achieved or unmet")
      const summary = typeof params.summary === "string" ? params.summary.trim() : ""
      if (!summary) throw new Error("summary: say what was done (or why it cannot be)")
      return { content: [{ type: "text", text: opts.declare(status, summary) }], details: { status, summary } }
    },
    renderCall: (args, theme, ctx) => {
      const a = (args ?? {}) as { status?: unknown; summary?: unknown }
      const status = typeof a.status === "string" ? a.status : ""
      const summary = typeof a.summary === "string" ? a.summary : ""
      const said = status && summary ? `${status}: ${summary}` : status || summary
      return row(toolHead(theme as FgTheme, ctx, { name: "update_goal", summary: said }))
    },
    // What it answers is for the model ("End your reply now"): shown expanded, or when it failed.
    renderResult: (result, { expanded }, theme, ctx) => {
      const text = resultText(result)
      if (ctx.isError) return row(errorBody(theme as FgTheme, text, expanded))
      return row(expanded ? toolBody(theme as FgTheme, text.split("\n")) : "")
    },
  }
  return [get, update] as ToolDefinition<any, any, any>[]
}
