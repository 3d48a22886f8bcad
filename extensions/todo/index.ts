// Todo lists as a bundled extension: the todo_write tool, /todo (a snapshot card, no model
// request) and `n of m` in the status line. The list lives in the session file (each write's
// tool result details), so it is rebuilt from the branch on session_start and session_tree.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { statusSlot } from "../../src/common/status-slot"
import { TODO_CARD, TODO_TOOL, todoCounts, todoDetails, todoText, type TodoItem } from "../../src/common/todo"
import { createTodoTool } from "./tool"

type Entry = { type: string; message?: { role?: string; toolName?: string; isError?: boolean; details?: unknown } }

/** The list as of the end of this branch: the last successful todo_write's details. */
export function latestTodos(branch: readonly Entry[]): TodoItem[] {
  for (let i = branch.length - 1; i >= 0; i--) {
    const m = branch[i]!.message
    if (branch[i]!.type !== "message" || m?.role !== "toolResult" || m.toolName !== TODO_TOOL || m.isError) continue
    const d = todoDetails(m.details)
    if (d) return d.todos
  }
  return []
}

export function todoStatus(todos: readonly TodoItem[]): string | undefined {
  const { done, total } = todoCounts(todos)
  return total && done < total ? `${done} of ${total}` : undefined
}

export default function todo(pi: ExtensionAPI, _host?: BundledHost): void {
  let todos: TodoItem[] = []
  let ui: ExtensionContext["ui"] | undefined
  const slot = statusSlot("todo")
  const show = () => slot.set(ui, todoStatus(todos))
  const rebuild = (ctx: ExtensionContext, fresh: boolean) => {
    ui = ctx.ui
    if (fresh) slot.reset()
    todos = latestTodos(ctx.sessionManager.getBranch() as Entry[])
    show()
  }
  pi.on("session_start", (_e, ctx) => rebuild(ctx, true))
  pi.on("session_tree", (_e, ctx) => rebuild(ctx, false))

  pi.registerTool(
    createTodoTool((next) => {
      todos = next
      show()
    }),
  )

  pi.registerCommand("todo", {
    description: "Show this conversation's todo list",
    handler: async (_args, ctx) => {
      // While a reply winds down Pi would queue the card as a steer for the model instead.
      await ctx.waitForIdle()
      rebuild(ctx, false)
      pi.sendMessage({
        customType: TODO_CARD,
        content: todoText(todos),
        display: true,
        details: { todos, snapshot: true },
      })
    },
  })

  // A snapshot card is for the person: the model already has the list from its own calls.
  pi.on("context", (e) => {
    const kept = e.messages.filter((m) => !(m.role === "custom" && m.customType === TODO_CARD))
    return kept.length === e.messages.length ? undefined : { messages: kept }
  })
}
