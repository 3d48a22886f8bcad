// Per-session event journal: monotonic seq, bounded memory, replay for windows that come back.
// A window that saw up to `after` gets what followed; one that fell out of the journal (or saw
// nothing yet) gets a fresh snapshot at the current seq, then live events.
//
// Streamed text is handed on in batches: a model can send thousands of deltas a second, and each
// one handed on costs an encode, a socket write, a decode and a store update in every window.
// The first text after a quiet spell goes at once (no added latency); the deltas after it wait
// until `batchMs` after the previous batch and go as one merged delta. Any other event first
// hands on the deltas before it, so the order never changes.
import type { EventEnvelope, SessionEvent, SessionSnapshot } from "../../protocol/index"

export interface JournalLimits {
  maxEvents: number
  maxBytes: number
  /** Streamed text is handed on at most once per this many ms (merged); 0 hands on every delta. */
  batchMs?: number
}

export const DEFAULT_LIMITS: JournalLimits = { maxEvents: 5000, maxBytes: 8 * 1024 * 1024, batchMs: 16 }

type Listener = (e: EventEnvelope) => void

interface Entry {
  env: EventEnvelope
  bytes: number
}

export class Journal {
  private entries: Entry[] = []
  private seq = 0
  /** Replay works for `after >= floor`; everything at or below it is gone (or was reset). */
  private floor = 0
  /** Highest seq any subscriber has been handed: entries above it are unread and may merge. */
  private delivered = 0
  private bytes = 0
  private readonly listeners = new Set<Listener>()
  /** Pending hand-on of merged deltas. */
  private timer: ReturnType<typeof setTimeout> | undefined
  /** When deltas were last handed on (performance.now()). */
  private lastBatch = Number.NEGATIVE_INFINITY

  constructor(
    readonly sessionId: string,
    private readonly snapshot: () => SessionSnapshot,
    private readonly limits: JournalLimits = DEFAULT_LIMITS,
    private readonly onListenerError: (err: unknown) => void = () => {},
  ) {}

  get lastSeq(): number {
    return this.seq
  }

  get subscribers(): number {
    return this.listeners.size
  }

  /** Events currently held (after merging), oldest first. For tests and diagnostics. */
  held(): readonly EventEnvelope[] {
    return this.entries.map((e) => e.env)
  }

  append(event: SessionEvent): EventEnvelope {
    const seq = ++this.seq
    if (event.type === "snapshot") {
      // A snapshot replaces the whole view: nothing before it is worth replaying (or handing on).
      this.cancelBatch()
      this.entries = []
      this.bytes = 0
      this.floor = seq
      const env: EventEnvelope = { type: "event", sessionId: this.sessionId, seq, event }
      this.deliver(env)
      return env
    }
    const last = this.entries[this.entries.length - 1]
    if (event.type === "text_delta" && last && last.env.seq > this.delivered && sameBlock(last.env.event, event)) {
      ;(last.env.event as typeof event).delta += event.delta
      last.env.seq = seq
      last.bytes += event.delta.length
      this.bytes += event.delta.length
      this.scheduleBatch()
      return last.env
    }
    const env: EventEnvelope = { type: "event", sessionId: this.sessionId, seq, event }
    const bytes = event.type === "text_delta" ? 120 + event.delta.length : JSON.stringify(event).length
    if (event.type !== "text_delta") this.flushBatch()
    this.entries.push({ env, bytes })
    this.bytes += bytes
    this.trim()
    if (event.type === "text_delta") this.scheduleBatch()
    else this.deliver(env)
    return env
  }

  /**
   * Replays (or snapshots) synchronously before returning, then streams live events, so no
   * event can fall between the two.
   */
  subscribe(after: number, fn: Listener): () => void {
    // the windows already watching get what is pending first; the new one gets it in its replay
    this.flushBatch()
    if (after > 0 && after >= this.floor && after <= this.seq) {
      for (const e of this.entries) if (e.env.seq > after) this.safe(fn, e.env)
    } else {
      this.safe(fn, {
        type: "event",
        sessionId: this.sessionId,
        seq: this.seq,
        event: { type: "snapshot", snapshot: this.snapshot() },
      })
    }
    this.delivered = this.seq
    this.listeners.add(fn)
    return () => {
      this.listeners.delete(fn)
    }
  }

  /** Drops every listener (the session closed). */
  clear(): void {
    this.cancelBatch()
    this.listeners.clear()
  }

  private scheduleBatch() {
    if (this.timer || !this.listeners.size) return
    const wait = (this.limits.batchMs ?? DEFAULT_LIMITS.batchMs!) - (performance.now() - this.lastBatch)
    if (wait <= 0) return this.flushBatch()
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.flushBatch()
    }, wait)
  }

  private cancelBatch() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  /** Hands on the deltas nobody has been given yet, oldest first. */
  private flushBatch() {
    this.cancelBatch()
    if (!this.listeners.size) return
    let i = this.entries.length
    while (i > 0 && this.entries[i - 1]!.env.seq > this.delivered) i--
    if (i === this.entries.length) return
    const batch = this.entries.slice(i)
    // An empty delta only opens a block (text_start): the text after it is the first to show.
    if (batch.some((e) => e.env.event.type === "text_delta" && e.env.event.delta !== ""))
      this.lastBatch = performance.now()
    for (const e of batch) this.deliver(e.env)
  }

  private deliver(env: EventEnvelope) {
    if (!this.listeners.size) return
    this.delivered = env.seq
    for (const fn of [...this.listeners]) this.safe(fn, env)
  }

  private safe(fn: Listener, env: EventEnvelope) {
    try {
      fn(env)
    } catch (err) {
      this.onListenerError(err)
    }
  }

  private trim() {
    while (
      this.entries.length > 1 &&
      (this.entries.length > this.limits.maxEvents || this.bytes > this.limits.maxBytes)
    ) {
      const dropped = this.entries.shift()!
      this.bytes -= dropped.bytes
      this.floor = dropped.env.seq
    }
  }
}

function sameBlock(a: SessionEvent, b: SessionEvent & { type: "text_delta" }): boolean {
  return (
    a.type === "text_delta" && a.itemId === b.itemId && a.blockIndex === b.blockIndex && a.blockType === b.blockType
  )
}
