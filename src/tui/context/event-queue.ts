// Coalesces a burst of events into one apply call: the first event after a quiet spell is applied
// on the next microtask (no added latency; same-tick events share it), later ones wait until
// `interval` ms after the previous flush, so a fast stream costs at most one store batch (and one
// frame) per interval.

export interface EventQueue<E> {
  push(event: E): void
  /** Applies whatever is queued now. */
  flush(): void
  /** Resolves once nothing is queued (tests await it instead of sleeping). */
  idle(): Promise<void>
  dispose(): void
}

export function createEventQueue<E>(apply: (events: E[]) => void, interval = 16): EventQueue<E> {
  let queue: E[] = []
  let scheduled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = 0
  let waiters: (() => void)[] = []
  let disposed = false

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    scheduled = false
    if (queue.length > 0 && !disposed) {
      const events = queue
      queue = []
      last = Date.now()
      apply(events)
    }
    const done = waiters
    waiters = []
    for (const w of done) w()
  }

  return {
    push(event) {
      if (disposed) return
      queue.push(event)
      if (scheduled) return
      scheduled = true
      const wait = interval - (Date.now() - last)
      if (wait > 0) timer = setTimeout(flush, wait)
      else queueMicrotask(flush)
    },
    flush,
    idle() {
      if (queue.length === 0 && !scheduled) return Promise.resolve()
      return new Promise((r) => waiters.push(r))
    },
    dispose() {
      disposed = true
      queue = []
      flush()
    },
  }
}
