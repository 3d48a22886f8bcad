// An assistant item's text and thinking as message and thought chunks. Deltas and whole items
// (item_update, a snapshot after a reconnect) both carry the same text: what of each block went
// out is counted, so the editor is sent every character once.
import type { SessionUpdate } from "@agentclientprotocol/sdk"

export class MessageChunks {
  /** Characters of each block of each assistant item already sent. */
  private readonly sent = new Map<string, number[]>()

  constructor(private readonly notify: (update: SessionUpdate) => void) {}

  /** Sends what of block `i` has not been sent yet; with `live` false only records it as seen. */
  text(itemId: string, i: number, type: "text" | "thinking", full: string, live: boolean): void {
    const sent = this.blocks(itemId)
    const already = sent[i] ?? 0
    sent[i] = full.length
    if (!live || full.length <= already) return
    this.chunk(itemId, type, full.slice(already))
  }

  delta(itemId: string, i: number, type: "text" | "thinking", delta: string): void {
    if (!delta) return
    const sent = this.blocks(itemId)
    sent[i] = (sent[i] ?? 0) + delta.length
    this.chunk(itemId, type, delta)
  }

  private blocks(itemId: string): number[] {
    const sent = this.sent.get(itemId) ?? []
    this.sent.set(itemId, sent)
    return sent
  }

  private chunk(messageId: string, type: "text" | "thinking", text: string): void {
    this.notify({
      sessionUpdate: type === "text" ? "agent_message_chunk" : "agent_thought_chunk",
      content: { type: "text", text },
      messageId,
    } as SessionUpdate)
  }
}
