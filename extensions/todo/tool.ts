// The todo_write tool: replaces the whole list; a call that breaks a rule is a tool error naming it.
import { Type } from "typebox"
import type { ToolDefinition } from "@earendil-works/pi-coding-agent"
import { TODO_TOOL, todoText, validateTodos, type TodoDetails, type TodoItem } from "../../src/common/todo"

export const todoParameters = Type.Object({
  todos: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String({ description: "Stable id; defaults to the item's position" })),
      content: Type.String({ description: "What to do, in a few words" }),
      status: Type.Union([Type.Literal("pending"), Type.Literal("in_progress"), Type.Literal("completed")]),
    }),
    { description: "The whole list, in order; it replaces the previous one" },
  ),
})

const DESCRIPTION = [
  "Write the task list for this conversation (replaces the whole list each call).",
  "Use it for work of three or more steps; keep exactly one item in_progress while you work and mark items",
  "completed as soon as they are done. The person sees the list as a card.",
].join(" ")

export class TodoInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`todo_write refused (the list is unchanged):\n${problems.map((p) => `- ${p}`).join("\n")}`)
    this.name = "TodoInputError"
  }
}

export type TodoTool = ToolDefinition<typeof todoParameters, TodoDetails> & ToolDefinition<any, any, any>

export function createTodoTool(onWrite: (todos: TodoItem[]) => void): TodoTool {
  const tool: ToolDefinition<typeof todoParameters, TodoDetails> = {
    name: TODO_TOOL,
    label: "Todo",
    description: DESCRIPTION,
    promptSnippet: "keep a visible task list for multi-step work",
    parameters: todoParameters,
    executionMode: "sequential",
    async execute(_id, params) {
      const r = validateTodos(params)
      if ("problems" in r) throw new TodoInputError(r.problems)
      onWrite(r.todos)
      return { content: [{ type: "text", text: todoText(r.todos) }], details: { todos: r.todos } }
    },
  }
  return tool as TodoTool
}
