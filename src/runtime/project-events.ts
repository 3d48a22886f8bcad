// Pi AgentSessionEvent → protocol SessionEvents, one Pi event at a time. No I/O and no batching:
// what the host needs from the live session (info, stats, retry state) comes in through `ctx`.
import type {
  AssistantItem,
  NoticeItem,
  SessionEvent,
  SessionInfo,
  SessionStats,
  ToolItem,
  TurnStopReason,
} from "../protocol"
import type { AgentSessionEvent, AssistantMessage } from "./pi-types"
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
} from "../protocol/project-messages"

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

export type RunToken = object

export class EventProjector {
  private assistantId?: string
  /** Tool items of the current turn, by tool call id. */
  private readonly tools = new Map<string, ToolItem>()
  private running = false
  /** Whether Pi's agent_start has come for the current run (a prompt can be accepted and never start one). */
  private started = false
  private lastAssistant?: AssistantMessage
  /** The current run's latest finished reply, for its turn_end. */
  private lastItem?: AssistantItem
  /** The person stopped the current run: it ends as cancelled, whatever Pi reports. */
  private cancelled = false
  /** xagent stopped the current run, for this reason: it ends as an error, whatever Pi reports. */
  private ended?: string
  /** Names the current run, so a prompt settling late cannot end a run begun after its own. */
  private run?: RunToken
  /** An extension asked Pi for a run that has not begun yet: the command that asked is not over. */
  private awaitingRun = false
  /** The run ended on an error; whether Pi retries is known only after its agent_end handling. */
  private failedEnd?: { error: string; reported: boolean }

  constructor(
    private readonly ids: ItemIds,
    private readonly ctx: ProjectorContext,
    running = false,
  ) {
    this.running = running
  }

  /** The host accepted a prompt: show the run at once rather than when Pi's events catch up. */
  beginRun(): SessionEvent[] {
    this.awaitingRun = false
    if (this.running) return []
    this.running = true
    this.lastItem = undefined
    this.cancelled = false
    this.ended = undefined
    this.run = {}
    return [{ type: "run", running: true, startedAt: this.ctx.now() }]
  }

  /**
   * Pi's agent began the run (told by the agent itself, ahead of the session's own agent_start):
   * from now on the run ends with Pi's agent_end, not with the prompt's promise.
   */
  agentStarted(): void {
    if (this.running) this.started = true
  }

  /** The run showing now (begun by a prompt or by Pi), if any. */
  currentRun(): RunToken | undefined {
    return this.running ? this.run : undefined
  }

  /** The prompt of `run` settled; if Pi never started it (an input hook handled it), end the one we showed. */
  settleRun(run: RunToken | undefined): SessionEvent[] {
    if (!this.running || this.started || run !== this.run) return []
    return this.endRun()
  }

  /**
   * An extension command finished: it started no run of its own (else that run's end tells how
   * it went), so this is the prompt's end.
   */
  settleCommand(errorMessage?: string): SessionEvent[] {
    if (this.running || this.awaitingRun) return []
    return [errorMessage === undefined ? { type: "turn_end", stopReason: "end_turn" } : turnFailed(errorMessage)]
  }

  /** An extension called sendUserMessage: a run follows (its end ends the command's prompt). */
  expectRun(): void {
    if (!this.running) this.awaitingRun = true
  }

  /** The run an extension asked for could not start: the command's prompt ends with its error. */
  runNotStarted(errorMessage: string): SessionEvent[] {
    if (!this.awaitingRun || this.running) return []
    this.awaitingRun = false
    return [turnFailed(errorMessage)]
  }

  /** The person asked to stop the current run. */
  cancel(): void {
    if (this.running) this.cancelled = true
  }

  /** xagent ends the current run (a stalled model, a tool over its limit): it ends as an error saying why. */
  endWith(why: string): void {
    if (this.running) this.ended = why
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
        this.started = true
        return this.beginRun()
      case "agent_end":
        return this.agentEnd(e.willRetry)
      case "agent_settled":
        return this.settleEnd()
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
        this.failedEnd = undefined
        return [
          this.notice(
            "warning",
            `Retrying (${e.attempt}/${e.maxAttempts}) in ${Math.round(e.delayMs / 100) / 10}s: ${e.errorMessage}`,
          ),
        ]
      case "auto_retry_end": {
        if (e.success) return []
        const text =
          e.finalError === "Retry cancelled"
            ? "Retry cancelled"
            : `Gave up after ${e.attempt} attempt${e.attempt === 1 ? "" : "s"}: ${e.finalError ?? "error"}`
        // Cancelled while waiting to retry (only an abort does that): no agent_end follows, so the run ends here.
        if (!this.failedEnd) {
          if (e.finalError === "Retry cancelled") this.cancelled = true
          return [this.notice("error", text), ...this.endRun(text)]
        }
        this.failedEnd.reported = true
        return [this.notice("error", text)]
      }
      case "session_info_changed":
      case "thinking_level_changed":
        return [{ type: "info", info: this.ctx.info() }]
      case "entry_appended":
        if (e.entry.type !== "custom" || !this.ctx.drawsEntry?.(e.entry.customType)) return []
        return [{ type: "item_add", item: projectCustomEntry(e.entry, this.ids.take(`e-${e.entry.id}`)) }]
      default:
        return []
    }
  }

  private agentEnd(willRetry: boolean): SessionEvent[] {
    const last = this.lastAssistant
    this.lastAssistant = undefined
    // A retry follows (auto_retry_start): the run goes on, and the retry's notice says why.
    if (willRetry) return []
    if (last?.stopReason === "error") {
      this.failedEnd = { error: last.errorMessage ?? "The model returned an error", reported: false }
      return []
    }
    return this.endRun()
  }

  /**
   * At agent_settled, once Pi's post-run work is done: a failed run ends here, after the
   * "gave up" of its last retry (which comes after agent_end), so its error is said once.
   */
  private settleEnd(): SessionEvent[] {
    const failed = this.failedEnd
    if (!failed) return []
    this.failedEnd = undefined
    const out: SessionEvent[] = failed.reported ? [] : [this.notice("error", failed.error)]
    return [...out, ...this.endRun()]
  }

  /** The run is over (retries included): windows stop its working line, callers learn how it went. */
  private endRun(errorMessage?: string): SessionEvent[] {
    if (!this.running) return []
    this.running = false
    this.started = false
    const item = this.lastItem
    this.lastItem = undefined
    let end: Extract<SessionEvent, { type: "turn_end" }>
    if (this.ended !== undefined) end = turnFailed(this.ended)
    else if (this.cancelled || item?.stopReason === "aborted") end = { type: "turn_end", stopReason: "cancelled" }
    else if (errorMessage !== undefined) end = turnFailed(errorMessage)
    else if (item?.stopReason === "error") end = turnFailed(item.errorMessage ?? "The model returned an error")
    else end = { type: "turn_end", stopReason: item?.stopReason === "length" ? "max_tokens" : "end_turn" }
    this.cancelled = false
    this.ended = undefined
    if (item) end.itemId = item.id
    return [{ type: "run", running: false }, end]
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
        this.lastAssistant = m
        this.lastItem = projectAssistant(m, id, false)
        const out: SessionEvent[] = [{ type: "item_update", item: this.lastItem }]
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
    if (e.errorMessage) return [this.notice("error", `Compaction failed: ${e.errorMessage}`)]
    return []
  }
}

/**
 * pi-ai reports a refusal as an error, by these messages: an OpenAI-style content filter, and
 * Anthropic's refusal when it gives no explanation (one it explains stays "error").
 */
const REFUSALS = new Set(["Provider finish_reason: content_filter", "The model refused to complete the request"])

function turnFailed(errorMessage: string): Extract<SessionEvent, { type: "turn_end" }> {
  const stopReason: TurnStopReason = REFUSALS.has(errorMessage) ? "refusal" : "error"
  return { type: "turn_end", stopReason, errorMessage }
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
