// The queue behind a running reply, one message at a time (/follow-up) and at a stop. Pi's API
// empties its queue whole, so a change takes it all and puts back what stays, in order, with
// each message's images (QueuedImages).
import { ProtocolError, type Params } from "../../protocol/index"
import type { LiveSession } from "./live-session"
import type { QueuedMessage } from "./queued-messages"

/** Every queued message with its images, in the order Pi delivers them (steers first). */
export function queuedMessages(live: LiveSession): QueuedMessage[] {
  const s = live.session
  return live.queuedImages.messages({ steering: s.getSteeringMessages(), followUp: s.getFollowUpMessages() })
}

/** Empties Pi's queue and hands back what it held. */
export function takeQueued(live: LiveSession): QueuedMessage[] {
  const messages = queuedMessages(live)
  live.session.clearQueue()
  live.queuedImages.clear()
  return messages
}

/** Queues these again behind the running reply, each as it was queued. */
export async function requeue(live: LiveSession, messages: readonly QueuedMessage[]): Promise<void> {
  const s = live.session
  for (const m of messages) {
    if (m.kind === "steering") await s.steer(m.text, m.images)
    else await s.followUp(m.text, m.images)
    const queue = m.kind === "steering" ? s.getSteeringMessages() : s.getFollowUpMessages()
    // An input hook may have taken or rewritten it: the images follow the text Pi queued.
    const last = queue[queue.length - 1]
    if (last !== undefined) live.queuedImages.note(m.kind, last, m.images)
  }
}

export interface QueueChange {
  /** Sent now: the stop and the new run are the caller's. */
  send?: QueuedMessage
}

/** Applies one `/follow-up` change; a message sent now is handed back, the rest stay queued. */
export async function editQueue(live: LiveSession, p: Params<"session.queueEdit">): Promise<QueueChange> {
  if (!live.running) throw new ProtocolError("failed", "No reply is running: nothing is queued")
  const messages = queuedMessages(live)
  const target = messages.filter((m) => m.kind === p.kind)[p.index]
  if (!target || target.text !== p.text)
    throw new ProtocolError("failed", "That message is no longer queued: it was sent or changed meanwhile")
  if (p.action === "sendNow" && target !== messages[0])
    throw new ProtocolError(
      "bad_request",
      "Only the next message can be sent now: the first steer, else the first follow-up",
    )
  if (p.action === "edit" && !p.newText?.trim()) throw new ProtocolError("bad_request", "An edit needs the new text")
  const kept =
    p.action === "edit"
      ? messages.map((m) => (m === target ? { ...m, text: p.newText! } : m))
      : messages.filter((m) => m !== target)
  live.session.clearQueue()
  live.queuedImages.clear()
  await requeue(live, kept)
  return p.action === "sendNow" ? { send: target } : {}
}
