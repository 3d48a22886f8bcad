// Pi AgentSessionEvent → protocol SessionEvents, one Pi event at a time. No I/O and no batching:
// what the host needs from the live session (info, stats, retry state) comes in through `ctx`.
// When a run begins and ends is the run tracker's (run-tracker.ts).
import type { NoticeItem, SessionEvent, SessionInfo, SessionStats, ToolItem } from "../../protocol/index"
import type { AgentSessionEvent } from "../pi-types"
import {
  applyToolResult,
  compactionId,
  ItemIds,
  projectAssistant,
  projectCompaction,
  projectCustom,
  projectCustomEntry,
  projectUser,
  resultText,
} from "../../common/message-projection"
import { RunTracker } from "./run-tracker"

export type { RunToken } from "./run-tracker"

export interface ProjectorContext {
  info(): SessionInfo
  stats(): SessionStats
  now(): number
  /** When the compaction that just ended was written (its entry's timestamp), so ids and times match a reload. */
  compactionTime(): number
  /** Whether an extension draws custom entries of this type (registerEntryRenderer). */
  drawsEntry?(customType: string): boolean
}

type MessageOf<T extends AgentSessionEvent["type"]> =
  Extract<AgentSessionEvent, { type: T }> extends { message: infer M } ? M : never

const COMPACTION_REASON = {
  manual: "Compacting context…",
  threshold: "Context is nearly full: compacting…",
  overflow: "Context overflowed: compacting, then retrying…",
} as const

export class EventProjector {
  private assistantId?: string
  /** Tool items of the current turn, by tool call id. */
  private readonly tools = new Map<string, ToolItem>()
  /** When the run shows as begun and over, and how it ended. */
  readonly runs: RunTracker

  constructor(
    private readonly ids: ItemIds,
    private readonly ctx: ProjectorContext,
    running = false,
  ) {
    this.runs = new RunTracker(
      () => ctx.now(),
      (level, text) => this.notice(level, text),
      running,
    )
  }

  /** A fresh item id for host-made items (bash runs). */
  id(base: string): string {
    return this.ids.take(base)
  }

  notice(level: NoticeItem["level"], text: string): SessionEvent {
    return { type: "item_add", item: { kind: "notice", id: this.ids.notice(), level, text, timestamp: this.ctx.now() } }
  }

  handle(e: AgentSessionEvent): SessionEvent[] {
    switch (e.type) {
      case "agent_start":
        return this.runs.agentStart()
      case "agent_end":
        return this.runs.agentEnd(e.willRetry)
      case "agent_settled":
        return this.runs.settled()
      case "turn_end":
        return [{ type: "stats", stats: this.ctx.stats() }]
      case "message_start":
        return this.messageStart(e.message)
      case "message_update":
        return this.messageUpdate(e)
      case "message_end":
        return this.messageEnd(e.message)
      case "tool_execution_start":
        return this.tool(e.toolCallId, { name: e.toolName, args: e.args, status: "running" })
      case "tool_execution_update":
        return this.tool(e.toolCallId, { output: resultText(e.partialResult), ...details(e.partialResult) })
      case "tool_execution_end":
        return this.tool(e.toolCallId, {
          status: e.isError ? "error" : "done",
          output: resultText(e.result) ?? (e.isError ? String(e.result ?? "") : undefined),
          ...details(e.result),
        })
      case "queue_update":
        return [{ type: "queue", queue: { steering: [...e.steering], followUp: [...e.followUp] } }]
      case "compaction_start":
        // One the person asked for needs no row of its own above its result: a toast says it runs.
        // An automatic one keeps its notice, which says why it happened.
        if (e.reason === "manual") return [{ type: "ui_notify", level: "info", message: COMPACTION_REASON.manual }]
        return [this.notice("info", COMPACTION_REASON[e.reason])]
      case "compaction_end":
        return this.compactionEnd(e)
      case "auto_retry_start":
        this.runs.retrying()
        return [
          this.notice(
            "warning",
            `Retrying (${e.attempt}/${e.maxAttempts}) in ${Math.round(e.delayMs / 100) / 10}s: ${e.errorMessage}`,
          ),
        ]
      case "auto_retry_end":
        return e.success ? [] : this.runs.gaveUp(e.attempt, e.finalError)
      case "session_info_changed":
      case "thinking_level_changed":
        return [{ type: "info", info: this.ctx.info() }]
      case "entry_appended":
        return this.entryAppended(e.entry)
      default:
        return []
    }
  }

  /**
   * An entry written outside a message's events: an extension's drawn custom entry, or a custom
   * message an extension's turn or settle boundary appended (Pi emits no message events for those).
   * Each becomes the item a resume of the file draws (common/message-projection.ts, projectBranch).
   */
  private entryAppended(entry: Extract<AgentSessionEvent, { type: "entry_appended" }>["entry"]): SessionEvent[] {
    if (entry.type === "custom" && this.ctx.drawsEntry?.(entry.customType))
      return [{ type: "item_add", item: projectCustomEntry(entry, this.ids.take(`e-${entry.id}`)) }]
    if (entry.type === "custom_message" && entry.display) {
      const ts = Date.parse(entry.timestamp) || 0
      const message = { customType: entry.customType, content: entry.content, details: entry.details, timestamp: ts }
      return [{ type: "item_add", item: projectCustom(message, this.ids.take(`c-${ts}`)) }]
    }
    return []
  }

  private messageStart(m: MessageOf<"message_start">): SessionEvent[] {
    if (m.role === "user") return [{ type: "item_add", item: projectUser(m, this.ids.take(`u-${m.timestamp}`)) }]
    if (m.role !== "assistant") return []
    this.assistantId = this.ids.take(`a-${m.timestamp}`)
    this.tools.clear()
    return [{ type: "item_add", item: projectAssistant(m, this.assistantId, true) }]
  }

  private messageUpdate(e: Extract<AgentSessionEvent, { type: "message_update" }>): SessionEvent[] {
    const id = this.assistantId
    if (!id || e.message.role !== "assistant") return []
    const a = e.assistantMessageEvent
    switch (a.type) {
      case "text_start":
      case "thinking_start":
        // An empty delta creates the block, so indexes stay aligned even if no text follows.
        return [{ type: "text_delta", itemId: id, blockIndex: a.contentIndex, blockType: blockType(a.type), delta: "" }]
      case "text_delta":
      case "thinking_delta":
        return [
          { type: "text_delta", itemId: id, blockIndex: a.contentIndex, blockType: blockType(a.type), delta: a.delta },
        ]
      case "toolcall_end": {
        const call = a.toolCall
        const tool: ToolItem = {
          kind: "tool",
          id: this.ids.take(call.id),
          name: call.name,
          args: call.arguments,
          status: "pending",
          timestamp: e.message.timestamp,
        }
        this.tools.set(call.id, tool)
        return [
          { type: "item_update", item: projectAssistant(e.message, id, true) },
          { type: "item_add", item: tool },
        ]
      }
      default:
        return []
    }
  }

  private messageEnd(m: MessageOf<"message_end">): SessionEvent[] {
    switch (m.role) {
      case "assistant": {
        const id = this.assistantId ?? this.ids.take(`a-${m.timestamp}`)
        this.assistantId = undefined
        const item = projectAssistant(m, id, false)
        this.runs.replied(m, item)
        const out: SessionEvent[] = [{ type: "item_update", item }]
        if (m.stopReason === "aborted" || m.stopReason === "error") {
          for (const [callId, tool] of this.tools)
            if (tool.status === "pending") out.push(...this.tool(callId, { status: "error" }))
        }
        // An aborted reply carries stopReason "aborted" and the window marks it there; a notice
        // as well would say it twice (and a resumed session has no notice to show).
        if (m.stopReason === "stop" && isEmptyReply(m))
          out.push(
            this.notice(
              "error",
              `The model sent an empty reply: nothing readable came back from ${m.provider}/${m.model}`,
            ),
          )
        return out
      }
      case "toolResult": {
        const tool = this.tools.get(m.toolCallId)
        if (!tool) return []
        const next = applyToolResult(tool, m)
        if (sameResult(tool, next)) return []
        this.tools.set(m.toolCallId, next)
        return [{ type: "item_update", item: next }]
      }
      case "custom":
        return m.display ? [{ type: "item_add", item: projectCustom(m, this.ids.take(`c-${m.timestamp}`)) }] : []
      default:
        return []
    }
  }

  private tool(callId: string, patch: Partial<ToolItem>): SessionEvent[] {
    const prev = this.tools.get(callId)
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<ToolItem>
    if (!prev) {
      // A tool call we never saw stream (e.g. projected before a reconnect): open it now.
      const item: ToolItem = {
        kind: "tool",
        id: this.ids.take(callId),
        name: patch.name ?? "tool",
        args: patch.args,
        status: "running",
        timestamp: this.ctx.now(),
        ...clean,
      }
      this.tools.set(callId, item)
      return [{ type: "item_add", item }]
    }
    const next: ToolItem = { ...prev, ...clean }
    this.tools.set(callId, next)
    return [{ type: "item_update", item: next }]
  }

  private compactionEnd(e: Extract<AgentSessionEvent, { type: "compaction_end" }>): SessionEvent[] {
    if (e.result) {
      const r = e.result
      const item = projectCompaction(
        r.summary,
        r.tokensBefore,
        this.ids.take(compactionId(r.firstKeptEntryId)),
        this.ctx.compactionTime(),
      )
      return [
        { type: "item_add", item },
        { type: "stats", stats: this.ctx.stats() },
      ]
    }
    if (e.aborted) return [this.notice("warning", "Compaction cancelled")]
    // Pi's message already says which compaction failed ("Compaction failed: …", "Auto-compaction failed: …").
    if (e.errorMessage)
      return [
        this.notice("error", /failed:/i.test(e.errorMessage) ? e.errorMessage : `Compaction failed: ${e.errorMessage}`),
      ]
    return []
  }
}

function blockType(t: string): "text" | "thinking" {
  return t.startsWith("thinking") ? "thinking" : "text"
}

function details(result: unknown): { details?: unknown } {
  const d = (result as { details?: unknown } | undefined)?.details
  return d === undefined ? {} : { details: d }
}

function sameResult(a: ToolItem, b: ToolItem): boolean {
  return a.status === b.status && a.output === b.output && JSON.stringify(a.details) === JSON.stringify(b.details)
}

/** A finished reply with no text, thinking or tool call: what a garbage or empty response stream leaves. */
function isEmptyReply(m: MessageOf<"message_end"> & { role: "assistant" }): boolean {
  return !m.content.some((c) => (c.type === "text" ? c.text.trim() : c.type === "thinking" ? c.thinking.trim() : true))
}
