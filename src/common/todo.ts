// The todo list the todo_write tool keeps and the window draws as a card. Shared by the tool
// (extensions/todo) and the card, so both read the same shape and the same counts.

export type TodoStatus = "pending" | "in_progress" | "completed"

export interface TodoItem {
  id: string
  content: string
  status: TodoStatus
}

/** todo_write's result details and /todo's snapshot card details. */
export interface TodoDetails {
  todos: TodoItem[]
  /** Set on a /todo snapshot card (no model request made it). */
  snapshot?: boolean
}

/** The custom message type of a /todo snapshot card. */
export const TODO_CARD = "todo"
export const TODO_TOOL = "todo_write"

export const TODO_LIMITS = { items: 50, content: 500 } as const

const STATUSES: readonly string[] = ["pending", "in_progress", "completed"]

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/**
 * Checks a todo_write argument and returns the list with ids filled in (`1`, `2`, … where absent),
 * or the rules it breaks, each naming the field.
 */
export function validateTodos(input: unknown): { todos: TodoItem[] } | { problems: string[] } {
  const list = isRecord(input) ? input.todos : undefined
  if (!Array.isArray(list)) return { problems: ["todos: must be an array of items"] }
  const problems: string[] = []
  if (list.length > TODO_LIMITS.items) problems.push(`todos: at most ${TODO_LIMITS.items} items (got ${list.length})`)
  const ids = new Set<string>()
  const todos: TodoItem[] = []
  list.forEach((raw, i) => {
    const at = `todos[${i}]`
    if (!isRecord(raw)) return problems.push(`${at}: must be an object with content and status`)
    const content = typeof raw.content === "string" ? raw.content.trim() : ""
    if (!content) problems.push(`${at}.content: must be non-empty text`)
    else if (content.length > TODO_LIMITS.content)
      problems.push(`${at}.content: at most ${TODO_LIMITS.content} characters`)
    if (typeof raw.status !== "string" || !STATUSES.includes(raw.status))
      problems.push(`${at}.status: must be one of pending, in_progress, completed`)
    if (raw.id !== undefined && (typeof raw.id !== "string" || !raw.id.trim()))
      problems.push(`${at}.id: must be non-empty text when given`)
    const id = typeof raw.id === "string" && raw.id.trim() ? raw.id.trim() : String(i + 1)
    if (ids.has(id)) problems.push(`${at}.id: duplicate id "${id}"`)
    ids.add(id)
    todos.push({ id, content, status: raw.status as TodoStatus })
  })
  const running = todos.filter((t) => t.status === "in_progress").length
  if (running > 1) problems.push(`todos: at most one item may be in_progress (got ${running})`)
  return problems.length ? { problems } : { todos }
}

export function todoCounts(todos: readonly TodoItem[]): { done: number; total: number } {
  return { done: todos.filter((t) => t.status === "completed").length, total: todos.length }
}

/** `Todo · 2 of 5 done` */
export function todoHeader(todos: readonly TodoItem[]): string {
  const { done, total } = todoCounts(todos)
  return total ? `Todo · ${done} of ${total} done` : "Todo · no list in this conversation yet"
}

/** The list as the model reads it back (and as a plain-text transcript shows it). */
export function todoText(todos: readonly TodoItem[]): string {
  const mark = { completed: "[x]", in_progress: "[>]", pending: "[ ]" } as const
  return [todoHeader(todos), ...todos.map((t) => `${mark[t.status]} ${t.content}`)].join("\n")
}

/** The details of a todo card (tool result or snapshot), or undefined when they are not one. */
export function todoDetails(details: unknown): TodoDetails | undefined {
  if (!isRecord(details) || !Array.isArray(details.todos)) return undefined
  const ok = details.todos.every(
    (t) => isRecord(t) && typeof t.content === "string" && STATUSES.includes(t.status as string),
  )
  return ok ? (details as unknown as TodoDetails) : undefined
}
