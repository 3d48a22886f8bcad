// The host's view of a session, kept by applying the very events it sends with the shared
// reducer: a snapshot is then exactly what a window that saw every event holds.
import {
  applyEvent,
  type SessionEvent,
  type SessionSnapshot,
  type TranscriptItem,
  type UiState,
} from "../../protocol/index"
import { newestStart } from "../../common/history-window"

export function emptyUi(): UiState {
  return { status: {}, widgets: {}, workingVisible: true, pending: [] }
}

export class SnapshotState {
  private readonly snap: SessionSnapshot
  private readonly index = new Map<string, number>()

  /**
   * `owned`: the snapshot was made for this state (a fresh projection) and nothing else keeps it,
   * so it is not copied (a copy of a 100 MB history took seconds).
   */
  constructor(initial: SessionSnapshot, opts: { owned?: boolean } = {}) {
    this.snap = opts.owned ? initial : structuredClone(initial)
    this.snap.items.forEach((item, i) => this.index.set(item.id, i))
  }

  /** A deep copy, safe to hand out. */
  snapshot(): SessionSnapshot {
    return structuredClone(this.snap)
  }

  /**
   * What a window is sent: the newest items up to HISTORY_BYTES, and how many came before them.
   * Copies only what it sends (the whole history stays here, for `session.earlier` and exports).
   */
  windowSnapshot(): SessionSnapshot {
    const { items, ...rest } = this.snap
    const start = newestStart(items)
    return { ...structuredClone(rest), items: structuredClone(items.slice(start)), earlier: start }
  }

  /** The items before the one with id `before` (see windowSnapshot), or undefined when it is not held. */
  earlier(before: string): { items: TranscriptItem[]; earlier: number } | undefined {
    const end = this.index.get(before)
    if (end === undefined) return undefined
    const start = newestStart(this.snap.items, end)
    return { items: structuredClone(this.snap.items.slice(start, end)), earlier: start }
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
