// The host's view of a session, kept by applying the very events it sends: a snapshot is then
// exactly what a window that saw every event holds. Items are copied in, so later mutation
// (text deltas) never reaches objects already handed to subscribers.
import type { SessionEvent, SessionSnapshot, TranscriptItem, UiState } from "../protocol"

export function emptyUi(): UiState {
  return { status: {}, widgets: {}, workingVisible: true, pending: [] }
}

export class SnapshotState {
  private snap: SessionSnapshot
  private readonly index = new Map<string, number>()

  constructor(initial: SessionSnapshot) {
    this.snap = structuredClone(initial)
    this.reindex()
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
    const s = this.snap
    switch (e.type) {
      case "snapshot":
        this.snap = structuredClone(e.snapshot)
        this.reindex()
        return
      case "item_add":
      case "item_update": {
        const at = this.index.get(e.item.id)
        const item = structuredClone(e.item)
        if (at === undefined) {
          this.index.set(item.id, s.items.length)
          s.items.push(item)
        } else s.items[at] = item
        return
      }
      case "text_delta": {
        const at = this.index.get(e.itemId)
        const item = at === undefined ? undefined : s.items[at]
        if (item?.kind !== "assistant") return
        const block = item.blocks[e.blockIndex]
        if (block && (block.type === "text" || block.type === "thinking")) block.text += e.delta
        else {
          while (item.blocks.length < e.blockIndex) item.blocks.push({ type: "text", text: "" })
          item.blocks[e.blockIndex] = { type: e.blockType, text: e.delta }
        }
        return
      }
      case "run":
        s.running = e.running
        if (e.running) s.runStartedAt = e.startedAt
        else delete s.runStartedAt
        return
      case "queue":
        s.queue = structuredClone(e.queue)
        return
      case "info":
        s.info = structuredClone(e.info)
        return
      case "stats":
        s.stats = structuredClone(e.stats)
        return
      case "ui_request":
        s.ui.pending.push(structuredClone(e.request))
        return
      case "ui_resolved":
        s.ui.pending = s.ui.pending.filter((r) => r.id !== e.requestId)
        return
      case "ui_update":
        s.ui.pending = s.ui.pending.map((r) => (r.id === e.request.id ? structuredClone(e.request) : r))
        return
      case "ui_status":
        if (e.text === undefined) delete s.ui.status[e.key]
        else s.ui.status[e.key] = e.text
        return
      case "ui_widget":
        if (e.lines === undefined) delete s.ui.widgets[e.key]
        else s.ui.widgets[e.key] = { lines: [...e.lines], placement: e.placement }
        return
      case "ui_title":
        s.ui.title = e.title
        return
      case "ui_working":
        if (e.message === undefined) delete s.ui.workingMessage
        else s.ui.workingMessage = e.message
        if (e.visible !== undefined) s.ui.workingVisible = e.visible
        return
      case "ui_notify":
      case "closed":
        return
    }
  }

  private reindex() {
    this.index.clear()
    this.snap.items.forEach((item, i) => this.index.set(item.id, i))
  }
}
