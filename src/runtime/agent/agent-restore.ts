// What a rebuilt agent session says first (agent-replay.ts): the turn that was running when the
// host went is over (nothing of it will come), its questions are gone (the agent that asked is
// not the one that will answer), messages queued behind it are not sent (and said so), a prompt
// the agent may never have received is reported as such, and lines of the journal that could
// not be read are counted.
import type { SessionEvent, SessionSnapshot } from "../../protocol/index"
import type { Replayed } from "./agent-replay"

export function afterRestart(r: Replayed, snap: SessionSnapshot, idPrefix: string): SessionEvent[] {
  const out: SessionEvent[] = []
  let n = 0
  const notice = (level: "info" | "warning" | "error", text: string) =>
    out.push({
      type: "item_add",
      item: { kind: "notice", id: `${idPrefix}-${++n}`, level, text, timestamp: Date.now() },
    })
  for (const q of snap.ui.pending) out.push({ type: "ui_resolved", requestId: q.id })
  for (const item of snap.items) {
    if (item.kind === "assistant" && item.streaming)
      out.push({ type: "item_update", item: { ...item, streaming: false, stopReason: "aborted" } })
    if (item.kind === "tool" && (item.status === "pending" || item.status === "running"))
      out.push({
        type: "item_update",
        item: { ...item, status: "error", output: item.output || "Not finished: the session host stopped" },
      })
  }
  if (snap.running) out.push({ type: "run", running: false })
  const queued = [...snap.queue.steering, ...snap.queue.followUp]
  if (queued.length) {
    out.push({ type: "queue", queue: { steering: [], followUp: [] } })
    notice(
      "warning",
      `${queued.length} queued message${queued.length === 1 ? " was" : "s were"} not sent (the session host stopped first): ${queued.map((q) => `"${oneLine(q)}"`).join(", ")}`,
    )
  }
  if (r.skipped)
    notice(
      "warning",
      `${r.skipped} damaged line${r.skipped === 1 ? "" : "s"} of this session's journal could not be read and ${r.skipped === 1 ? "was" : "were"} left out (the host was stopped mid-write)`,
    )
  if (r.uncertain)
    notice(
      "warning",
      `Delivery uncertain: the session host stopped before the agent answered your message "${oneLine(r.uncertain.text)}". It may or may not have reached the agent, and was not sent again`,
    )
  return out
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}
