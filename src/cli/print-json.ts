// `xagent -p --mode json`: the reply as JSON lines in the shape of Pi's json mode, one
// `message_end` line per finished message (user, assistant, toolResult), which is what tools that
// drive `pi --mode json` read (Pi's subagent example). A subset of Pi's stream: xagent's windows
// get projected events, not Pi's own, so the start/update events and the session header are not
// written, and an assistant message's cost is not known here (0).
import { applyEvent, emptySnapshot, type SessionEvent, type TranscriptItem } from "../protocol"

export class JsonLines {
  private readonly snap = emptySnapshot("")
  private readonly index = new Map<string, number>()
  private readonly ended = new Set<string>()
  private skipped = false

  constructor(private readonly write: (line: string) => void) {}

  handle(event: SessionEvent) {
    applyEvent(this.snap, event, this.index)
    // What the session held before this prompt is not this run's output.
    if (event.type === "snapshot" && !this.skipped) {
      this.skipped = true
      for (const item of this.snap.items) this.ended.add(item.id)
      return
    }
    if (event.type !== "item_add" && event.type !== "item_update") return
    const at = this.index.get(event.item.id)
    const item = at === undefined ? undefined : this.snap.items[at]
    if (!item || this.ended.has(item.id)) return
    const message = piMessage(item)
    if (!message) return
    this.ended.add(item.id)
    this.write(`${JSON.stringify({ type: "message_end", message })}\n`)
  }
}

function piMessage(item: TranscriptItem): Record<string, unknown> | undefined {
  if (item.kind === "user")
    return { role: "user", content: [{ type: "text", text: item.text }], timestamp: item.timestamp }
  if (item.kind === "assistant" && !item.streaming) {
    const input = item.usage?.input ?? 0
    const output = item.usage?.output ?? 0
    return {
      role: "assistant",
      content: item.blocks.flatMap((b): Record<string, unknown>[] =>
        b.type === "text"
          ? [{ type: "text", text: b.text }]
          : b.type === "thinking"
            ? [{ type: "thinking", thinking: b.text }]
            : b.type === "toolCall"
              ? [{ type: "toolCall", id: b.id, name: b.name, arguments: b.args }]
              : [],
      ),
      model: item.model,
      stopReason: item.stopReason ?? "stop",
      ...(item.errorMessage ? { errorMessage: item.errorMessage } : {}),
      usage: {
        input,
        output,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: input + output,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
      timestamp: item.timestamp,
    }
  }
  if (item.kind === "tool" && (item.status === "done" || item.status === "error"))
    return {
      role: "toolResult",
      toolCallId: item.id,
      toolName: item.name,
      content: [{ type: "text", text: item.output ?? "" }],
      isError: item.status === "error",
      timestamp: item.timestamp,
    }
  return undefined
}
