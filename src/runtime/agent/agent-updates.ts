// An ACP agent's `session/update`s as the one event protocol a Pi session speaks, so a window
// draws an external agent's session as it draws Pi's: message and thought chunks become an
// assistant item's text and thinking blocks (streamed as text_delta), tool calls a tool item.
// A tool call ends the assistant item before it, so text after a tool reads below its row.
import type * as acp from "@agentclientprotocol/sdk"
import type { AssistantItem, CustomItem, SessionEvent, ToolItem, TurnStopReason, UserItem } from "../../protocol/index"
import { TODO_CARD, todoText, type TodoItem } from "../../common/todo"
import { lineDiff } from "../../common/line-diff"
import { terminalText } from "../../common/terminal-text"

type Update = acp.SessionNotification["update"]
type ToolFields = acp.ToolCallUpdate

/** The ACP stop reasons in the protocol's words (events.ts takes ACP's where it has one). */
export function turnStop(reason: acp.StopReason): TurnStopReason {
  switch (reason) {
    case "max_tokens":
      return "max_tokens"
    case "refusal":
      return "refusal"
    case "cancelled":
      return "cancelled"
    default:
      // end_turn, and max_turn_requests: the agent ended its turn by its own rule
      return "end_turn"
  }
}

export class AgentProjection {
  private seq = 0
  private reply: AssistantItem | undefined
  private readonly tools = new Map<string, { item: ToolItem; acp: ToolFields; terminal: string }>()
  /** Fields of tool calls known so far only from a permission request (see toolFromPermission). */
  private readonly asked = new Map<string, ToolFields>()
  /** This turn's todo card: each plan the agent sends replaces the list on it. */
  private todoCard: CustomItem | undefined
  /** The user message session/load is replaying, while its chunks come. */
  private replayedUser: UserItem | undefined
  /** The last finished assistant item of the current turn, for its turn_end. */
  private lastReply: string | undefined

  constructor(
    private readonly idPrefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  private nextId(kind: string) {
    return `${this.idPrefix}-${kind}${++this.seq}`
  }

  user(text: string): SessionEvent[] {
    return [{ type: "item_add", item: { kind: "user", id: this.nextId("u"), text, timestamp: this.now() } }]
  }

  handle(update: Update): SessionEvent[] {
    if (update.sessionUpdate !== "user_message_chunk") this.replayedUser = undefined
    switch (update.sessionUpdate) {
      // Only session/load sends the person's words (its replay of the conversation): each message
      // ends the turn before it.
      case "user_message_chunk":
        return this.userChunk(update.content)
      case "agent_message_chunk":
        return this.chunk("text", update.content)
      case "agent_thought_chunk":
        return this.chunk("thinking", update.content)
      case "tool_call":
        return [...this.endReply(), ...this.tool(update, true)]
      case "tool_call_update":
        return this.tool(update, false)
      case "plan":
        return [...this.endReply(), ...this.plan(update.entries)]
      default:
        // Commands, modes, config options and usage are the session's state (agent-state.ts).
        return []
    }
  }

  /**
   * A tool call the agent asks permission for. One it announced updates its row; one it did not is
   * not drawn yet: agents ask about things that are no tool call of theirs (pi-acp asks its
   * extensions' questions under a made-up id), and such a row would never finish. Its fields wait
   * for the tool_call that may follow; the dialog shows what is asked meanwhile.
   */
  toolFromPermission(call: acp.ToolCallUpdate): SessionEvent[] {
    if (this.tools.has(call.toolCallId)) return [...this.endReply(), ...this.tool(call, false)]
    this.asked.set(call.toolCallId, { ...this.asked.get(call.toolCallId), ...call })
    return this.endReply()
  }

  toolTitle(toolCallId: string): string | undefined {
    return this.tools.get(toolCallId)?.item.name
  }

  /** The turn is over: the open reply is finished, and the turn's last reply named. */
  endTurn(stop: TurnStopReason): { events: SessionEvent[]; itemId?: string } {
    const events = this.endReply(stop)
    this.asked.clear()
    this.todoCard = undefined
    // A tool left running when the turn ended (a cancel) did not finish.
    for (const t of this.tools.values())
      if (t.item.status === "pending" || t.item.status === "running") {
        t.item = { ...t.item, status: "error", output: t.item.output || "Not finished: the turn ended" }
        events.push({ type: "item_update", item: t.item })
      }
    const itemId = this.lastReply
    this.lastReply = undefined
    return { events, itemId }
  }

  /**
   * A plan as the todo card (src/common/todo.ts): the agent sends the whole list each time, so a
   * turn has one card, redrawn with each list; its entries' priorities are not drawn.
   */
  private plan(entries: acp.PlanEntry[]): SessionEvent[] {
    const todos: TodoItem[] = entries.map((e, i) => ({
      id: String(i + 1),
      content: terminalText(e.content).replace(/\s+/g, " ").trim(),
      status: e.status,
    }))
    const created = !this.todoCard
    const card: CustomItem = {
      kind: "custom",
      id: this.todoCard?.id ?? this.nextId("p"),
      customType: TODO_CARD,
      text: todoText(todos),
      details: { todos },
      timestamp: this.todoCard?.timestamp ?? this.now(),
    }
    this.todoCard = card
    return [{ type: created ? "item_add" : "item_update", item: card }]
  }

  private chunk(blockType: "text" | "thinking", content: acp.ContentBlock): SessionEvent[] {
    const text = content.type === "text" ? content.text : `[${content.type}]`
    if (!text) return []
    const events: SessionEvent[] = []
    if (!this.reply) {
      this.reply = { kind: "assistant", id: this.nextId("a"), blocks: [], streaming: true, timestamp: this.now() }
      events.push({ type: "item_add", item: structuredClone(this.reply) })
    }
    const blocks = this.reply.blocks
    const last = blocks[blocks.length - 1]
    let blockIndex = blocks.length - 1
    if (last && last.type === blockType) last.text += text
    else {
      blocks.push({ type: blockType, text })
      blockIndex = blocks.length - 1
    }
    events.push({ type: "text_delta", itemId: this.reply.id, blockIndex, blockType, delta: text })
    return events
  }

  private userChunk(content: acp.ContentBlock): SessionEvent[] {
    const text = content.type === "text" ? content.text : `[${content.type}]`
    if (this.replayedUser) {
      this.replayedUser = { ...this.replayedUser, text: this.replayedUser.text + text }
      return [{ type: "item_update", item: this.replayedUser }]
    }
    const { events } = this.endTurn("end_turn")
    this.replayedUser = { kind: "user", id: this.nextId("u"), text, timestamp: this.now() }
    return [...events, { type: "item_add", item: this.replayedUser }]
  }

  private endReply(stop?: TurnStopReason): SessionEvent[] {
    const reply = this.reply
    if (!reply) return []
    this.reply = undefined
    this.lastReply = reply.id
    const done: AssistantItem = { ...reply, streaming: false }
    if (stop === "cancelled") done.stopReason = "aborted"
    else if (stop === "max_tokens") done.stopReason = "length"
    else if (stop === "error") done.stopReason = "error"
    else done.stopReason = "stop"
    return [{ type: "item_update", item: done }]
  }

  private tool(fields: ToolFields, created: boolean): SessionEvent[] {
    const known = this.tools.get(fields.toolCallId)
    const merged: ToolFields = { ...(known?.acp ?? this.asked.get(fields.toolCallId)), toolCallId: fields.toolCallId }
    this.asked.delete(fields.toolCallId)
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) (merged as any)[k] = v
    const terminal = (known?.terminal ?? "") + terminalOutput(fields)
    const item = toolItem(merged, terminal, known?.item.timestamp ?? this.now())
    this.tools.set(fields.toolCallId, { item, acp: merged, terminal })
    return [{ type: created || !known ? "item_add" : "item_update", item }]
  }
}

const STATUS: Record<acp.ToolCallStatus, ToolItem["status"]> = {
  pending: "pending",
  in_progress: "running",
  completed: "done",
  failed: "error",
}

/**
 * Output an agent streams for a terminal it runs itself, in the `_meta.terminal_output` extension
 * Zed reads (pi-acp sends its bash output only so, whatever the client offered): the new bytes.
 */
function terminalOutput(fields: ToolFields): string {
  const data = (fields._meta as { terminal_output?: { data?: unknown } } | undefined)?.terminal_output?.data
  return typeof data === "string" ? data : ""
}

/**
 * One ACP tool call as a tool item. A call whose content is a diff is drawn as an edit (the
 * window's edit row reads `details.diff`); a command (`execute`) as the bash row, its command
 * from the input or else the title; any other is a plain row named by its title, with its input
 * and its text content (or its terminal's output) as the output.
 */
function toolItem(call: ToolFields, terminal: string, timestamp: number): ToolItem {
  const content = call.content ?? []
  const diff = content.find((c): c is Extract<acp.ToolCallContent, { type: "diff" }> => c.type === "diff")
  const output =
    content.flatMap((c) => (c.type === "content" && c.content.type === "text" ? [c.content.text] : [])).join("\n") ||
    terminal
  const status = STATUS[call.status ?? "pending"] ?? "pending"
  // The title is the row's name, drawn as it is: one line, no control bytes.
  const title = oneLine(call.title ?? call.kind ?? "tool")
  if (diff)
    return {
      kind: "tool",
      id: call.toolCallId,
      name: "edit",
      args: { path: diff.path },
      status,
      details: { diff: unifiedLines(diff.oldText ?? "", diff.newText), title },
      ...(output ? { output } : {}),
      timestamp,
    }
  const input = (call.rawInput ?? {}) as Record<string, unknown>
  if (call.kind === "execute")
    return {
      kind: "tool",
      id: call.toolCallId,
      name: "bash",
      args: { ...input, command: typeof input.command === "string" ? input.command : title },
      status,
      ...(output ? { output } : {}),
      timestamp,
    }
  return {
    kind: "tool",
    id: call.toolCallId,
    name: title,
    args: input,
    status,
    ...(output ? { output } : {}),
    timestamp,
  }
}

/** Lines of context kept around each change; farther unchanged lines fold into an `@@` line. */
const CONTEXT = 3

/** The change as the edit row draws it: `+`, `-` and ` ` lines, the unchanged far ones left out. */
function unifiedLines(before: string, after: string): string {
  const lines = lineDiff(before, after)
  const near = lines.map(() => false)
  lines.forEach((l, i) => {
    if (l.op === " ") return
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(lines.length - 1, i + CONTEXT); j++) near[j] = true
  })
  const out: string[] = []
  lines.forEach((l, i) => {
    if (near[i]) out.push(`${l.op}${l.text}`)
    else if (out.at(-1) !== "@@") out.push("@@")
  })
  return out.join("\n")
}

function oneLine(text: string): string {
  const line = terminalText(text).replace(/\s+/g, " ").trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
