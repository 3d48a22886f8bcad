// One full garbage collection once a burst of work has gone quiet.
//
// Why: Bun's own collector timer (a heap check every second) is turned off for xagent's processes
// (BUN_GC_TIMER_DISABLE, see docs/adr-performance.md) because it woke idle processes for nothing.
// Allocation still triggers collections while work goes on, but what a burst leaves behind (a
// session file parsed, a snapshot encoded, a reply streamed) would otherwise stay resident until
// the next burst. So: after activity, wait until nothing has happened for a quiet period, collect
// once, then sleep until the next activity. An idle process schedules nothing. The default quiet
// period, one second, is the cadence of the Bun timer this replaces; a one-shot burst that leaves
// much behind (opening a long session) can ask for a shorter one. XAGENT_NO_QUIET_GC=1 leaves
// collection to JSC alone (docs/patches.md).
import { patchOn } from "../patch-switch"

export interface QuietGc {
  /**
   * Something happened that leaves garbage behind: collect once nothing more has happened for
   * `quietMs` (default: the one given at creation). The latest call decides. Cheap: call it as
   * often as you like.
   */
  touch(quietMs?: number): void
  dispose(): void
}

export function createQuietGc(opts: { quietMs?: number; collect?: () => void } = {}): QuietGc {
  if (!patchOn("QUIET_GC")) return { touch() {}, dispose() {} }
  const defaultQuietMs = opts.quietMs ?? 1000
  const collect = opts.collect ?? (() => (globalThis as { Bun?: { gc(full: boolean): void } }).Bun?.gc(true))
  /** when to collect, if nothing happens before then */
  let due = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let firesAt = 0
  const arm = (ms: number) => {
    if (timer) clearTimeout(timer)
    firesAt = Date.now() + ms
    timer = setTimeout(fire, ms)
    timer.unref?.()
  }
  const fire = () => {
    timer = undefined
    const wait = due - Date.now()
    if (wait > 0) return arm(wait)
    collect()
  }
  return {
    touch(quietMs = defaultQuietMs) {
      due = Date.now() + quietMs
      // a pending timer that fires too early re-arms itself; one that fires too late is moved up
      if (!timer || firesAt > due) arm(quietMs)
    },
    dispose() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
