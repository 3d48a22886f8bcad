// An ACP child's conversation as Pi's messages, for its transcript file (the subagents roster opens
// it with the same projection as a Pi child's): ACP streams chunks and tool calls with no message
// boundaries, so an assistant message is what the agent said and called until its first call ends
// (Pi's turn: a reply, its calls, their results), and the next chunk starts the next one. A call
// the agent never ended is closed as an error when the prompt ends, as Pi closes an open call.
import type * as acp from "@agentclientprotocol/sdk"
import { terminalLine } from "../../common/terminal-text"

type Block =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string }
  | { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> }

/** ACP's stop reasons as Pi's (anything else, a failed run's included: an error). */
const PI_STOP: Record<string, string> = {
  end_turn: "stop",
  cancelled: "aborted",
  max_tokens: "length",
  max_turn_requests: "length",
}

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 }
const NO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }

export class AgentChildMessages {
  private blocks: Block[] = []
  /** Calls of the message being built, or of the last one sent, not ended yet: id → name. */
  private open = new Map<string, string>()

  constructor(
    private readonly emit: (message: unknown) => void,
    /** The agent's name, as the messages' provider and model. */
    private readonly agent: () => string,
  ) {}

  prompt(text: string): void {
    this.emit({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() })
  }

  update(u: acp.SessionUpdate): void {
    if (u.sessionUpdate === "agent_message_chunk" && u.content.type === "text") this.text(u.content.text)
    else if (u.sessionUpdate === "agent_thought_chunk" && u.content.type === "text") this.thought(u.content.text)
    else if (u.sessionUpdate === "tool_call") {
      const name = terminalLine(u.title || u.kind || "tool").slice(0, 120)
      const args = isRecord(u.rawInput) ? u.rawInput : {}
      this.blocks.push({ type: "toolCall", id: u.toolCallId, name, arguments: args })
      this.open.set(u.toolCallId, name)
      if (u.status === "completed" || u.status === "failed") this.ended(u.toolCallId, u.status, u.content, u.rawOutput)
    } else if (u.sessionUpdate === "tool_call_update" && (u.status === "completed" || u.status === "failed"))
      this.ended(u.toolCallId, u.status, u.content ?? undefined, u.rawOutput)
  }

  /** The prompt's end: what is left is sent, open calls closed as errors. */
  end(stopReason: string): void {
    this.flush(PI_STOP[stopReason] ?? "error")
    for (const [id, name] of this.open) this.result(id, name, "The agent never ended this call.", true)
    this.open.clear()
  }

  private text(t: string) {
    const last = this.blocks.at(-1)
    if (last?.type === "text") last.text += t
    else this.startIfCalled().push({ type: "text", text: t })
  }

  private thought(t: string) {
    const last = this.blocks.at(-1)
    if (last?.type === "thinking") last.thinking += t
    else this.startIfCalled().push({ type: "thinking", thinking: t })
  }

  /** Words after a call of the message: that message is over (its results follow), a new one begins. */
  private startIfCalled(): Block[] {
    if (this.blocks.some((b) => b.type === "toolCall")) this.flush("toolUse")
    return this.blocks
  }

  private ended(id: string, status: "completed" | "failed", content: acp.ToolCallContent[] | undefined, raw: unknown) {
    const name = this.open.get(id)
    if (name === undefined) return
    // Its call must be in a message sent before its result.
    if (this.blocks.some((b) => b.type === "toolCall" && b.id === id)) this.flush("toolUse")
    this.open.delete(id)
    this.result(id, name, outputText(content, raw), status === "failed")
  }

  private result(id: string, name: string, text: string, isError: boolean) {
    this.emit({
      role: "toolResult",
      toolCallId: id,
      toolName: name,
      content: [{ type: "text", text }],
      isError,
      timestamp: Date.now(),
    })
  }

  private flush(stopReason: string) {
    if (!this.blocks.length) return
    const agent = this.agent()
    this.emit({
      role: "assistant",
      content: this.blocks,
      api: "acp",
      provider: agent,
      model: agent,
      usage: { ...ZERO, cost: { ...NO_COST } },
      stopReason,
      timestamp: Date.now(),
    })
    this.blocks = []
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** A call's output as text: its text content, a diff as its path, else its raw output. */
function outputText(content: acp.ToolCallContent[] | undefined, raw: unknown): string {
  const parts: string[] = []
  for (const c of content ?? []) {
    if (c.type === "content" && c.content.type === "text") parts.push(c.content.text)
    else if (c.type === "diff") parts.push(`(changed ${c.path})`)
    else if (c.type === "terminal") parts.push(`(terminal ${c.terminalId})`)
  }
  if (parts.length) return parts.join("\n")
  if (raw === undefined || raw === null) return ""
  return typeof raw === "string" ? raw : JSON.stringify(raw)
}
