// Messages sent while an agent's turn runs: held here and sent one per turn when the turn ends,
// as Pi's follow-ups are, and shown in the window's queued rows. ACP has no way to steer a turn
// that runs, so a steering message waits as a follow-up does (and is shown as one: the row says
// what will happen). Esc hands the queue back to the composer, as a Pi session's stop does.
import type { Params, QueueState } from "../../protocol/index"

export type Queued = Pick<Params<"session.prompt">, "text" | "images">

export class AgentQueue {
  private readonly held: Queued[] = []

  get size(): number {
    return this.held.length
  }

  add(q: Queued): void {
    this.held.push({ text: q.text, ...(q.images?.length ? { images: q.images } : {}) })
  }

  /** The next message to send, taken off the queue. */
  next(): Queued | undefined {
    return this.held.shift()
  }

  /** Every queued message, taken off the queue (Esc, session.dequeue). */
  take(): Queued[] {
    return this.held.splice(0)
  }

  state(): QueueState {
    return { steering: [], followUp: this.held.map((q) => q.text) }
  }
}
