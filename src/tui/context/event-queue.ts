// Coalesces a burst of events into one apply call. Only a stream is held back: an event that
// `paced` picks (streamed text) waits until `interval` ms after the previous flush that carried
// one, so a fast stream costs at most one store batch (and one frame) per interval. Anything else
// (a run starting, the person's message, a dialog) and the first streamed text after a quiet
// spell are applied on the next microtask (same-tick events share it), together with whatever
// waits before them, so the order never changes.

export interface EventQueue<E> {
  push(event: E): void
  /** Applies whatever is queued now. */
  flush(): void
  /** Resolves once nothing is queued (tests await it instead of sleeping). */
  idle(): Promise<void>
  dispose(): void
}

export function createEventQueue<E>(
  apply: (events: E[]) => void,
  interval = 16,
  paced: (event: E) => boolean = () => true,
): EventQueue<E> {
  let queue: E[] = []
  let microtask = false
  let timer: ReturnType<typeof setTimeout> | undefined
  /** When a flush last carried a paced event (Date.now()). */
  let last = Number.NEGATIVE_INFINITY
  let holdsPaced = false
  let waiters: (() => void)[] = []
  let disposed = false

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    microtask = false
    if (queue.length > 0 && !disposed) {
      const events = queue
      queue = []
      if (holdsPaced) last = Date.now()
      holdsPaced = false
      apply(events)
    }
    const done = waiters
    waiters = []
    for (const w of done) w()
  }

  const soon = () => {
    if (microtask) return
    microtask = true
    queueMicrotask(flush)
  }

  return {
    push(event) {
      if (disposed) return
      queue.push(event)
      if (!paced(event)) return soon()
      holdsPaced = true
      if (microtask || timer) return
      const wait = interval - (Date.now() - last)
      if (wait > 0) timer = setTimeout(flush, wait)
      else soon()
    },
    flush,
    idle() {
      if (queue.length === 0 && !microtask && !timer) return Promise.resolve()
      return new Promise((r) => waiters.push(r))
    },
    dispose() {
      disposed = true
      queue = []
      flush()
    },
  }
}
