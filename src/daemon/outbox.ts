// Per-client write queue over Bun's unbuffered socket.write. One frame may always be in flight
// whatever its size (a large snapshot is normal); what waits behind it is bounded, and a client
// that lets it grow past the bound, or stops draining for too long, is dropped so it can never
// hold memory or stall the others. A dropped window resubscribes from its last seq.

export interface Writable {
  write(data: Uint8Array): number
}

export interface OutboxLimits {
  /** Bytes allowed to wait behind the frame in flight. */
  maxQueuedBytes: number
  /** A queue that makes no progress for this long is a stuck client. */
  stallMs: number
}

export class Outbox {
  private queue: Uint8Array[] = []
  private queued = 0
  private lastProgress = Date.now()
  private dead = false

  constructor(
    private readonly sink: Writable,
    private readonly limits: OutboxLimits,
    private readonly onOverflow: (reason: string) => void,
    /** Bytes started to wait: from now on someone must call checkStall now and then. */
    private readonly onBacklog: () => void = () => {},
  ) {}

  get bytesQueued() {
    return this.queued
  }

  send(bytes: Uint8Array) {
    if (this.dead) return
    if (this.queue.length === 0) {
      const n = this.sink.write(bytes)
      if (n < 0) return this.kill()
      if (n === bytes.length) return
      this.lastProgress = Date.now()
      bytes = bytes.subarray(Math.max(0, n))
    }
    if (this.queue.length === 0) this.onBacklog()
    this.queue.push(bytes)
    this.queued += bytes.length
    const waiting = this.queued - this.queue[0]!.length
    if (waiting > this.limits.maxQueuedBytes) {
      const unsent = this.queued
      this.kill()
      this.onOverflow(`client too slow: ${unsent} bytes unsent`)
    }
  }

  /** Call from the socket's drain handler. */
  drain() {
    while (!this.dead && this.queue.length > 0) {
      const head = this.queue[0]!
      const n = this.sink.write(head)
      if (n < 0) return this.kill()
      if (n > 0) this.lastProgress = Date.now()
      this.queued -= Math.max(0, n)
      if (n < head.length) {
        this.queue[0] = head.subarray(Math.max(0, n))
        return
      }
      this.queue.shift()
    }
  }

  /** Call periodically: true when the client has been stuck past the stall limit (and is dropped). */
  checkStall(now = Date.now()): boolean {
    if (this.dead || this.queue.length === 0 || now - this.lastProgress < this.limits.stallMs) return false
    this.kill()
    this.onOverflow(`client stalled: nothing read for ${now - this.lastProgress} ms`)
    return true
  }

  private kill() {
    this.dead = true
    this.queue = []
    this.queued = 0
  }
}
