// The one meaning of every SessionEvent: how it changes a session's plain snapshot. The host's
// snapshot, the window's store (inside Solid's `produce`) and print mode all apply events with
// this function, so what a window shows is what a fresh snapshot from the host holds.
// It changes the snapshot in place and writes only what differs (see docs/adr-one-reducer.md);
// whatever it keeps from an event is a copy, since hosts keep and merge their events.
import type { SessionEvent, SessionSnapshot } from "./events"
import type { SessionInfo } from "./transcript"

/** A snapshot as a reader holds it: a window has no session (id, info) before its first snapshot. */
export type SnapshotView = Omit<SessionSnapshot, "sessionId" | "info"> & { sessionId?: string; info?: SessionInfo }

/** Item id → position in `items`, kept by applyEvent when given (else it searches). */
export type ItemIndex = Map<string, number>

/** Every field of a snapshot; a field added to SessionSnapshot and not here fails to compile. */
export const SNAPSHOT_KEYS = [
  "sessionId",
  "info",
  "items",
  "earlier",
  "running",
  "runStartedAt",
  "queue",
  "stats",
  "ui",
] as const satisfies readonly (keyof SessionSnapshot)[]
type Unlisted = Exclude<keyof SessionSnapshot, (typeof SNAPSHOT_KEYS)[number]>
const allListed: [Unlisted] extends [never] ? true : Unlisted = true
void allListed

export function applyEvent(s: SnapshotView, e: SessionEvent, index?: ItemIndex): void {
  switch (e.type) {
    case "snapshot":
      for (const key of SNAPSHOT_KEYS) set(s, key, e.snapshot[key])
      if (index) reindex(s, index)
      return
    case "item_add":
    case "item_update": {
      const at = find(s, e.item.id, index)
      if (at === undefined) {
        index?.set(e.item.id, s.items.length)
        s.items.push(copy(e.item))
      } else set(s.items, at, e.item)
      return
    }
    case "text_delta": {
      const at = find(s, e.itemId, index)
      const item = at === undefined ? undefined : s.items[at]
      if (item?.kind !== "assistant") return
      const block = item.blocks[e.blockIndex]
      if (block && (block.type === "text" || block.type === "thinking")) block.text += e.delta
      else {
        // A block past the end pads with empty text, so the list never has holes (JSON would turn them into nulls).
        while (item.blocks.length < e.blockIndex) item.blocks.push({ type: "text", text: "" })
        item.blocks[e.blockIndex] = { type: e.blockType, text: e.delta }
      }
      return
    }
    case "run":
      s.running = e.running
      set(s, "runStartedAt", e.running ? e.startedAt : undefined)
      return
    case "queue":
      return set(s, "queue", e.queue)
    case "info":
      return set(s, "info", e.info)
    case "stats":
      return set(s, "stats", e.stats)
    case "ui_request":
      // A replay may repeat a dialog that is already open.
      if (!s.ui.pending.some((r) => r.id === e.request.id)) s.ui.pending.push(copy(e.request))
      return
    case "ui_resolved": {
      const at = s.ui.pending.findIndex((r) => r.id === e.requestId)
      if (at !== -1) s.ui.pending.splice(at, 1)
      return
    }
    case "ui_update": {
      // A dialog that moved on (a sign-in's next step): replaced in place, never added.
      const at = s.ui.pending.findIndex((r) => r.id === e.request.id)
      if (at !== -1) s.ui.pending[at] = copy(e.request)
      return
    }
    case "ui_status":
      // As Pi's footer: only undefined removes a segment; "" is an (empty) segment.
      return set(s.ui.status, e.key, e.text)
    case "ui_widget":
      return set(s.ui.widgets, e.key, e.lines === undefined ? undefined : { lines: e.lines, placement: e.placement })
    case "ui_title":
      s.ui.title = e.title
      return
    case "ui_working":
      // As Pi's setWorkingMessage(): no message restores the default one. The bridge always sends
      // the current message, so a missing key (dropped by JSON when undefined) means none.
      set(s.ui, "workingMessage", e.message)
      if (e.visible !== undefined) s.ui.workingVisible = e.visible
      return
    case "component": {
      const list = (s.ui.components ??= [])
      const at = list.findIndex((c) => c.id === e.component.id)
      if (at === -1) list.push(copy(e.component))
      else set(list, at, e.component)
      return
    }
    case "component_lines": {
      const view = s.ui.components?.find((c) => c.id === e.id)
      if (!view) return
      set(view, "lines", e.lines)
      view.width = e.width
      return
    }
    case "component_closed": {
      const at = s.ui.components?.findIndex((c) => c.id === e.id) ?? -1
      if (at !== -1) s.ui.components!.splice(at, 1)
      return
    }
    case "ui_working_indicator":
      set(s.ui, "workingIndicator", e.indicator)
      return
    case "ui_thinking_label":
      set(s.ui, "thinkingLabel", e.label)
      return
    case "closed":
      s.running = false
      set(s, "runStartedAt", undefined)
      return
    // Transient: a toast and a run's outcome are told, not kept (the outcome's reply is in `items`).
    case "ui_notify":
    case "ui_editor":
    case "ui_terminal":
    case "ui_theme":
    case "turn_end":
    case "side_answer":
    case "editor_read":
      return
    default: {
      const unhandled: never = e
      throw new Error(`no reducer branch for ${JSON.stringify(unhandled)}`)
    }
  }
}

/** A session with nothing in it yet: what a host holds before its first projection, print mode before its first snapshot. */
export function emptySnapshot(sessionId: string): SessionSnapshot {
  return {
    sessionId,
    info: { piSessionId: "", cwd: "", thinkingLevel: "off" },
    items: [],
    running: false,
    queue: { steering: [], followUp: [] },
    stats: { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 },
    ui: { status: {}, widgets: {}, workingVisible: true, pending: [] },
  }
}

function find(s: SnapshotView, id: string, index?: ItemIndex): number | undefined {
  if (index) return index.get(id)
  const at = s.items.findIndex((i) => i.id === id)
  return at === -1 ? undefined : at
}

function reindex(s: SnapshotView, index: ItemIndex) {
  index.clear()
  s.items.forEach((item, i) => index.set(item.id, i))
}

type Bag = Record<string | number, unknown>

/**
 * Writes `value` at `target[key]`: undefined removes the key (as JSON would), objects merge into
 * what is there so that unchanged parts keep their identity and are not written at all.
 */
function set<T extends object>(target: T, key: keyof T & (string | number), value: unknown): void {
  const t = target as Bag
  if (value === undefined) {
    if (key in t) delete t[key]
    return
  }
  const current = t[key]
  if (current === value) return
  if (sameShape(current, value)) merge(current as Bag, value as Bag)
  else t[key] = copy(value)
}

function merge(target: Bag, source: Bag): void {
  if (Array.isArray(target)) {
    const src = source as unknown as unknown[]
    for (let i = 0; i < src.length; i++) {
      if (src[i] === undefined) target[i] = undefined
      else set(target, i, src[i])
    }
    if (target.length > src.length) target.length = src.length
    return
  }
  for (const key of Object.keys(target)) if (source[key] === undefined) delete target[key]
  for (const key of Object.keys(source)) set(target, key, source[key])
}

function sameShape(a: unknown, b: unknown): boolean {
  return (
    typeof a === "object" && a !== null && typeof b === "object" && b !== null && Array.isArray(a) === Array.isArray(b)
  )
}

function copy<T>(value: T): T {
  return typeof value === "object" && value !== null ? structuredClone(value) : value
}
