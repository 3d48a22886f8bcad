// The host's view of a session, kept by applying the very events it sends with the shared
// reducer: a snapshot is then exactly what a window that saw every event holds.
import { applyEvent, type SessionEvent, type SessionSnapshot, type TranscriptItem, type UiState } from "../protocol"

export function emptyUi(): UiState {
  return { status: {}, widgets: {}, workingVisible: true, pending: [] }
}

export class SnapshotState {
  private readonly snap: SessionSnapshot
  private readonly index = new Map<string, number>()

  constructor(initial: SessionSnapshot) {
    this.snap = structuredClone(initial)
    this.snap.items.forEach((item, i) => this.index.set(item.id, i))
  }

  /** A deep copy, safe to hand out. */
  snapshot(): SessionSnapshot {
    return structuredClone(this.snap)
  }

  get items(): readonly TranscriptItem[] {
    return this.snap.items
  }

  get ui(): UiState {
    return this.snap.ui
  }

  get running(): boolean {
    return this.snap.running
  }

  apply(e: SessionEvent): void {
    applyEvent(this.snap, e, this.index)
  }
}
