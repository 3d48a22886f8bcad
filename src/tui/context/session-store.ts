// The session state a window draws, and the only code that writes it: protocol events in,
// fine-grained store updates out. Events change the snapshot part with the shared reducer inside
// `produce`, so only what differs is written; one apply call runs in one `batch`, so a burst of
// events costs one round of effects.
import { batch } from "solid-js"
import { createStore, produce, reconcile } from "solid-js/store"
import { startMark } from "../../util/start-trace"
import {
  applyEvent,
  SNAPSHOT_KEYS,
  type EventEnvelope,
  type SessionEvent,
  type SessionSnapshot,
  type SessionStats,
  type SnapshotView,
  type TranscriptItem,
} from "../../protocol"

/** The session as the host's snapshot has it, plus what only a window keeps. */
export interface SessionState extends SnapshotView {
  /**
   * waiting: no snapshot yet; preview: drawing a session file's history until its host's snapshot
   * comes (nothing can be done on it yet); ready: drawing a live session; closed: the host ended it.
   */
  phase: "waiting" | "preview" | "ready" | "closed"
  /** In the preview: the Pi session id of the file shown (info comes with the host). */
  previewOf?: string
  /** In the preview of a big file read from its end: items came before, the host will say how many. */
  earlierUnknown?: boolean
  closedReason?: string
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

export type ThemeEvent = Extract<SessionEvent, { type: "ui_theme" }>
export type SideEvent = Extract<SessionEvent, { type: "side_answer" }>

/** An extension's text for the prompt (the ui_editor event). */
export interface EditorFill {
  text: string
  how: "set" | "paste"
}

export function createSessionStore(
  hooks: {
    onNotify?: (n: Notify) => void
    onEditor?: (fill: EditorFill) => void
    /** An extension's desktop notification sequence for this window's terminal. */
    onTerminal?: (sequence: string) => void
    /** An extension chose a theme (ctx.ui.setTheme). */
    onTheme?: (event: ThemeEvent) => void
    /** A piece of a side question's answer (/btw), for whichever window asked it. */
    onSide?: (event: SideEvent) => void
  } = {},
) {
  const [state, setState] = createStore<SessionState>(emptyState())
  const index = new Map<string, number>()
  let lastSeq = 0

  /** A new session view: matched by item id, so rows of items that stay keep their state. */
  function applySnapshot(snap: SessionSnapshot) {
    for (const key of SNAPSHOT_KEYS) setState(key, reconcile(structuredClone(snap[key]), { key: "id" }) as never)
    index.clear()
    snap.items.forEach((item, i) => index.set(item.id, i))
    setState({
      phase: "ready",
      closedReason: undefined,
      previewOf: undefined,
      earlierUnknown: undefined,
      epoch: state.epoch + 1,
    })
  }

  function applyOne(event: SessionEvent) {
    if (event.type === "snapshot") {
      startMark("window", "snapshot")
      return applySnapshot(event.snapshot)
    }
    if (event.type === "ui_notify") hooks.onNotify?.({ level: event.level, message: event.message })
    if (event.type === "ui_editor") hooks.onEditor?.({ text: event.text, how: event.how })
    if (event.type === "ui_terminal") hooks.onTerminal?.(event.sequence)
    if (event.type === "ui_theme") hooks.onTheme?.(event)
    if (event.type === "side_answer") return hooks.onSide?.(event)
    setState(
      produce((draft) => {
        if (event.type === "run" && event.running && !draft.running) draft.runChars = 0
        if (event.type === "text_delta") {
          const at = index.get(event.itemId)
          if (at !== undefined && draft.items[at]?.kind === "assistant") draft.runChars += event.delta.length
        }
        if (event.type === "closed") {
          draft.phase = "closed"
          draft.closedReason = event.reason
        }
        applyEvent(draft, event, index)
      }),
    )
  }

  return {
    state,
    get lastSeq() {
      return lastSeq
    },
    /** Starts drawing another session (or none): everything from the previous one goes, but a preview stays for its snapshot to replace. */
    reset(sessionId?: string) {
      lastSeq = 0
      if (state.phase === "preview") return void setState({ sessionId })
      index.clear()
      setState(reconcile(emptyState(sessionId)))
    },
    /** Draws a session file's history before any host answers; ignored once a snapshot came. */
    preview(p: { piSessionId: string; items: TranscriptItem[]; earlier: number; earlierUnknown?: boolean }) {
      if (state.phase !== "waiting" || state.items.length > 0) return
      const { piSessionId, items, earlier, earlierUnknown } = p
      setState({ items, earlier, earlierUnknown, previewOf: piSessionId, phase: "preview", epoch: state.epoch + 1 })
    },
    /**
     * Older history (a `session.earlier` answer) goes in before the items held, for a full-screen
     * transcript that scrolled up to them. Not a new view: the rows shown keep their state.
     */
    prependEarlier(page: { items: TranscriptItem[]; earlier: number }, before: string) {
      if (state.items[0]?.id !== before || page.items.length === 0) return
      setState(
        produce((draft) => {
          draft.items.unshift(...structuredClone(page.items))
          draft.earlier = page.earlier
        }),
      )
      index.clear()
      state.items.forEach((item, i) => index.set(item.id, i))
    },
    apply(envelopes: EventEnvelope[]) {
      batch(() => {
        for (const env of envelopes) {
          if (env.sessionId !== state.sessionId) continue
          // Replays after a reconnect may repeat what was already applied.
          if (env.event.type === "snapshot") lastSeq = env.seq
          else if (env.seq <= lastSeq) continue
          else lastSeq = env.seq
          applyOne(env.event)
        }
      })
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
