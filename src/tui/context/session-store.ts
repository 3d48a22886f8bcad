// The session state a window draws, and the only code that writes it: protocol events in,
// fine-grained store updates out. One apply call runs in one `batch`, so a burst of events costs
// one round of effects.
import { batch } from "solid-js"
import { createStore, produce, reconcile } from "solid-js/store"
import type {
  AssistantItem,
  EventEnvelope,
  QueueState,
  SessionEvent,
  SessionInfo,
  SessionStats,
  TranscriptItem,
  UiState,
} from "../../protocol"

export interface SessionState {
  sessionId?: string
  /** waiting: no snapshot yet; ready: drawing a live session; closed: the host ended it. */
  phase: "waiting" | "ready" | "closed"
  closedReason?: string
  info?: SessionInfo
  items: TranscriptItem[]
  running: boolean
  runStartedAt?: number
  queue: QueueState
  stats: SessionStats
  ui: UiState
  /** Streamed characters in the current run, for the working line's tok/s. */
  runChars: number
  /** Counts snapshots: the transcript was replaced wholesale when it changes. */
  epoch: number
}

export type Notify = { level: "info" | "warning" | "error"; message: string }

export function emptyStats(): SessionStats {
  return { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 }
}

function emptyState(sessionId?: string): SessionState {
  return {
    sessionId,
    phase: "waiting",
    items: [],
    running: false,
    queue: { steering: [], followUp: [] },
    stats: emptyStats(),
    ui: { status: {}, widgets: {}, workingVisible: true, pending: [] },
    runChars: 0,
    epoch: 0,
  }
}

export function createSessionStore(hooks: { onNotify?: (n: Notify) => void } = {}) {
  const [state, setState] = createStore<SessionState>(emptyState())
  let index = new Map<string, number>()
  let lastSeq = 0

  const reindex = (items: TranscriptItem[]) => {
    index = new Map(items.map((item, i) => [item.id, i]))
  }

  function applyEvent(event: SessionEvent) {
    switch (event.type) {
      case "snapshot": {
        const s = event.snapshot
        setState("items", reconcile(s.items, { key: "id" }))
        reindex(s.items)
        setState("info", reconcile(s.info))
        setState("queue", reconcile(s.queue))
        setState("stats", reconcile(s.stats))
        setState("ui", reconcile(s.ui))
        setState({
          phase: "ready",
          running: s.running,
          runStartedAt: s.runStartedAt,
          closedReason: undefined,
          epoch: state.epoch + 1,
        })
        return
      }
      case "item_add": {
        const at = index.get(event.item.id)
        if (at !== undefined) return setState("items", at, reconcile(event.item))
        index.set(event.item.id, state.items.length)
        setState("items", state.items.length, event.item)
        return
      }
      case "item_update": {
        const at = index.get(event.item.id)
        if (at === undefined) {
          index.set(event.item.id, state.items.length)
          setState("items", state.items.length, event.item)
          return
        }
        setState("items", at, reconcile(event.item))
        return
      }
      case "text_delta": {
        const at = index.get(event.itemId)
        const item = at === undefined ? undefined : state.items[at]
        if (at === undefined || item?.kind !== "assistant") return
        setState("runChars", (n) => n + event.delta.length)
        setState(
          "items",
          at,
          produce((draft) => {
            const blocks = (draft as AssistantItem).blocks
            const block = blocks[event.blockIndex]
            if (block && (block.type === "text" || block.type === "thinking")) block.text += event.delta
            else blocks[event.blockIndex] = { type: event.blockType, text: event.delta }
          }),
        )
        return
      }
      case "run":
        if (event.running && !state.running) setState("runChars", 0)
        setState({ running: event.running, runStartedAt: event.running ? (event.startedAt ?? Date.now()) : undefined })
        return
      case "queue":
        return setState("queue", reconcile(event.queue))
      case "info":
        return setState("info", reconcile(event.info))
      case "stats":
        return setState("stats", reconcile(event.stats))
      case "ui_request":
        if (state.ui.pending.some((r) => r.id === event.request.id)) return
        return setState("ui", "pending", state.ui.pending.length, event.request)
      case "ui_resolved":
        return setState("ui", "pending", (list) => list.filter((r) => r.id !== event.requestId))
      case "ui_update": {
        const at = state.ui.pending.findIndex((r) => r.id === event.request.id)
        if (at === -1) return
        return setState("ui", "pending", at, reconcile(event.request))
      }
      case "ui_notify":
        hooks.onNotify?.({ level: event.level, message: event.message })
        return
      case "ui_status":
        return setState("ui", "status", event.key, event.text || undefined!)
      case "ui_widget":
        if (!event.lines) return setState("ui", "widgets", event.key, undefined!)
        return setState("ui", "widgets", event.key, { lines: event.lines, placement: event.placement })
      case "ui_title":
        return setState("ui", "title", event.title)
      case "ui_working":
        if (event.visible !== undefined) setState("ui", "workingVisible", event.visible)
        if ("message" in event) setState("ui", "workingMessage", event.message)
        return
      case "closed":
        return setState({ phase: "closed", closedReason: event.reason, running: false })
    }
  }

  return {
    state,
    get lastSeq() {
      return lastSeq
    },
    /** Starts drawing another session (or none): everything from the previous one goes. */
    reset(sessionId?: string) {
      lastSeq = 0
      index = new Map()
      setState(reconcile(emptyState(sessionId)))
    },
    apply(envelopes: EventEnvelope[]) {
      batch(() => {
        for (const env of envelopes) {
          if (env.sessionId !== state.sessionId) continue
          // Replays after a reconnect may repeat what was already applied.
          if (env.event.type === "snapshot") lastSeq = env.seq
          else if (env.seq <= lastSeq) continue
          else lastSeq = env.seq
          applyEvent(env.event)
        }
      })
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
