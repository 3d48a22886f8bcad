// get_goal and update_goal: the model reads the goal and declares it achieved or unmet. Active
// only while a goal exists (index.ts switches them).
import { Type } from "typebox"
import type { ToolDefinition } from "@earendil-works/pi-coding-agent"
import { goalStatusText, goalTimeUsed, shortDuration, type GoalState } from "../../src/protocol/goal"

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
  }
  return [get, update] as ToolDefinition<any, any, any>[]
}
