// One transcript item as DOM: the person's messages, replies (markdown, thinking folded), tool rows
// (a line each, their output and diffs folded), commands, notices, and the todo and plan cards.
import type { AssistantItem, CustomItem, ToolItem, TranscriptItem } from "../../../src/protocol/transcript"
import { summarizeAnswers, type AskQuestion, type AskUserDetails } from "../../../src/protocol/ask-user"
import { el, markdown } from "./markdown"

const STATUS_GLYPH: Record<ToolItem["status"], string> = { pending: "○", running: "◐", done: "✓", error: "✗" }

function argText(args: unknown): string {
  if (!args || typeof args !== "object") return ""
  const a = args as Record<string, unknown>
  for (const key of ["command", "path", "file_path", "pattern", "query", "url", "title"])
    if (typeof a[key] === "string") return a[key] as string
  return ""
}

/** ask_user's row: the answers given, in the words the model got them. */
function askedAndAnswered(item: ToolItem): string | undefined {
  const questions = (item.args as { questions?: AskQuestion[] } | undefined)?.questions
  const details = item.details as AskUserDetails | undefined
  if (!Array.isArray(questions) || !Array.isArray(details?.answers)) return undefined
  if (details.cancelled) return "skipped"
  return summarizeAnswers(questions, details.answers).replaceAll("\n", " · ")
}

/** A unified diff, its lines coloured by their sign. */
function diffView(diff: string): HTMLElement {
  const pre = el("pre", "diff")
  for (const line of diff.split("\n")) {
    const sign = line.trimStart()[0]
    const trimmed = line.replace(/^\s*\d*\s?/, "")
    const cls =
      trimmed.startsWith("+") || sign === "+" ? "add" : trimmed.startsWith("-") || sign === "-" ? "del" : "ctx"
    pre.append(el("span", cls, line + "\n"))
  }
  return pre
}

interface Todo {
  id: string
  content: string
  status: "pending" | "in_progress" | "completed"
}

function todosOf(details: unknown): Todo[] | undefined {
  const todos = (details as { todos?: unknown } | undefined)?.todos
  return Array.isArray(todos) ? (todos as Todo[]) : undefined
}

export function todoCard(todos: Todo[]): HTMLElement {
  const done = todos.filter((t) => t.status === "completed").length
  const card = el("div", "card todo", el("div", "card-title", `Todo ${done}/${todos.length}`))
  const list = el("ul", "todos")
  for (const t of todos)
    list.append(
      el(
        "li",
        t.status,
        el("span", "box", t.status === "completed" ? "☑" : t.status === "in_progress" ? "◐" : "☐"),
        " ",
        t.content,
      ),
    )
  card.append(list)
  return card
}

function toolView(item: ToolItem): HTMLElement {
  const todos = item.name === "todo_write" ? todosOf(item.details) : undefined
  if (todos) return todoCard(todos)
  const answered = item.name === "ask_user" ? askedAndAnswered(item) : undefined
  const row = el("details", `tool ${item.status}`)
  row.append(
    el(
      "summary",
      undefined,
      el("span", "glyph", STATUS_GLYPH[item.status]),
      " ",
      el("span", "tool-name", item.name),
      " ",
      el("span", "tool-arg", answered ?? argText(item.args)),
    ),
  )
  const diff = (item.details as { diff?: unknown } | undefined)?.diff
  if (typeof diff === "string" && diff) row.append(diffView(diff))
  else if (item.output) row.append(el("pre", "output", item.output))
  return row
}

function assistantView(item: AssistantItem): HTMLElement {
  const box = el("div", "assistant")
  for (const b of item.blocks) {
    if (b.type === "text" && b.text) box.append(markdown(b.text))
    else if (b.type === "thinking" && b.text.trim())
      box.append(el("details", "thinking", el("summary", undefined, "Thinking"), el("div", "dim", b.text)))
  }
  if (item.streaming) box.append(el("span", "cursor", "▍"))
  // a stopped reply says so (Pi's "Request was aborted" is its error text for it)
  if (item.stopReason === "aborted") box.append(el("div", "dim", "Stopped"))
  else if (item.errorMessage) box.append(el("div", "error", item.errorMessage))
  return box
}

function customView(item: CustomItem): HTMLElement | undefined {
  if (item.entry) return undefined
  const details = item.details as { outcome?: string; plan?: string; todos?: unknown } | undefined
  if (item.customType === "plan") {
    const card = el(
      "div",
      "card plan",
      el("div", "card-title", details?.outcome === "plan_ready" ? "Plan" : "Plan request"),
    )
    if (details?.plan) card.append(markdown(details.plan))
    else if (item.text) card.append(markdown(item.text))
    return card
  }
  const todos = todosOf(details)
  if (todos) return todoCard(todos)
  return el("div", "custom", el("div", "dim", item.customType), markdown(item.text))
}

/** The element for one item, or undefined for an item a window does not draw. */
export function itemView(item: TranscriptItem): HTMLElement | undefined {
  switch (item.kind) {
    case "user":
      return el("div", "user", markdown(item.text))
    case "assistant":
      return assistantView(item)
    case "tool":
      return toolView(item)
    case "bash":
      return el(
        "details",
        "tool bash",
        el("summary", undefined, el("span", "glyph", "$"), " ", item.command),
        el("pre", "output", item.output),
      )
    case "custom":
      return customView(item)
    case "compaction":
    case "branch_summary":
      return el("details", "notice", el("summary", undefined, "Summary of earlier messages"), markdown(item.summary))
    case "notice":
      return el("div", `notice ${item.level}`, item.text)
  }
}

/** The newest todo list in the transcript, for the card pinned above the composer. */
export function latestTodos(items: readonly TranscriptItem[]): Todo[] | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!
    if (item.kind === "tool" && item.name === "todo_write") {
      const todos = todosOf(item.details)
      if (todos) return todos
    }
    if (item.kind === "custom" && item.customType === "todo") {
      const todos = todosOf(item.details)
      if (todos) return todos
    }
  }
  return undefined
}
