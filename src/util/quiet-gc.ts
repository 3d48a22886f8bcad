// One full garbage collection once a burst of work has gone quiet.
//
// Why: Bun's own collector timer (a heap check every second) is turned off for xagent's processes
// (BUN_GC_TIMER_DISABLE, see docs/adr-performance.md) because it woke idle processes for nothing.
// Allocation still triggers collections while work goes on, but what a burst leaves behind (a
// session file parsed, a snapshot encoded, a reply streamed) would otherwise stay resident until
// the next burst. So: after activity, wait until nothing has happened for `quietMs`, collect once,
// then sleep until the next activity. An idle process schedules nothing. One second is the
// cadence of the Bun timer this replaces.

export interface QuietGc {
  /** Something happened that leaves garbage behind. Cheap: call it as often as you like. */
  touch(): void
  dispose(): void
}

export function createQuietGc(opts: { quietMs?: number; collect?: () => void } = {}): QuietGc {
  const quietMs = opts.quietMs ?? 1000
  const collect = opts.collect ?? (() => (globalThis as { Bun?: { gc(full: boolean): void } }).Bun?.gc(true))
  let last = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const fire = () => {
    const wait = last + quietMs - Date.now()
    if (wait > 0) {
      timer = setTimeout(fire, wait)
      timer.unref?.()
      return
    }
    timer = undefined
    collect()
  }
  return {
    touch() {
      last = Date.now()
      if (timer) return
      timer = setTimeout(fire, quietMs)
      timer.unref?.()
    },
    dispose() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
