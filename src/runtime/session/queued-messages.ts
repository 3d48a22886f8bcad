// The images of messages queued behind a running reply. Pi keeps only their texts where its API
// reaches (clearQueue, getSteeringMessages), so a queue taken apart and put back (/follow-up's
// edit, remove, send now; the steer Esc sends) would lose them: the host notes them as Pi queues.
import type { ImageContent } from "../pi-types"

export type QueueKind = "steering" | "followUp"

export interface QueuedMessage {
  kind: QueueKind
  text: string
  images?: ImageContent[]
}

export class QueuedImages {
  private noted: QueuedMessage[] = []

  /** Pi has just put `text` at the end of its `kind` queue with these images. */
  note(kind: QueueKind, text: string, images: ImageContent[] | undefined): void {
    if (images?.length) this.noted.push({ kind, text, images })
  }

  /** Pi's queue as messages with their images; each noted image set is used once, in order. */
  messages(queue: { steering: readonly string[]; followUp: readonly string[] }): QueuedMessage[] {
    const left = [...this.noted]
    const take = (kind: QueueKind, text: string): QueuedMessage => {
      const i = left.findIndex((n) => n.kind === kind && n.text === text)
      if (i === -1) return { kind, text }
      const [found] = left.splice(i, 1)
      return { kind, text, images: found!.images }
    }
    const out = [...queue.steering.map((t) => take("steering", t)), ...queue.followUp.map((t) => take("followUp", t))]
    // What Pi delivered (or dropped) meanwhile is no longer queued: forget its images.
    this.noted = this.noted.filter((n) => !left.includes(n))
    return out
  }

  clear(): void {
    this.noted = []
  }
}
