// The person's stop of one child (the /subagents roster's Ctrl+X, run as `/subagents:stop <id>`).
// Each child has an abort controller of its own, chained to its call's signal: the parent's Esc
// still stops every child, and a stop of one aborts that child alone, so its siblings run on and
// its call ends with what it had done, saying who stopped it.

export interface ChildStop {
  /** The child's signal: aborted by its call's abort or by the person's stop. */
  readonly signal: AbortSignal
  /** The person stopped it (its call was not aborted). */
  stopped(): boolean
  /** The child ended: it can no longer be stopped. */
  close(): void
}

export interface ChildStops {
  /** A child `id` begins, under its call's `signal`. */
  open(id: string, signal?: AbortSignal): ChildStop
  /** Stops the child `id`; false when no child of that id is queued or running. */
  stop(id: string): boolean
}

export function createStops(): ChildStops {
  const live = new Map<string, { controller: AbortController; byPerson: boolean }>()
  return {
    open(id, signal) {
      const controller = new AbortController()
      const entry = { controller, byPerson: false }
      const chain = () => controller.abort(signal?.reason)
      if (signal?.aborted) chain()
      else signal?.addEventListener("abort", chain, { once: true })
      live.set(id, entry)
      return {
        signal: controller.signal,
        stopped: () => entry.byPerson,
        close() {
          signal?.removeEventListener("abort", chain)
          live.delete(id)
        },
      }
    },
    stop(id) {
      const entry = live.get(id)
      if (!entry || entry.controller.signal.aborted) return false
      entry.byPerson = true
      entry.controller.abort(new Error("stopped by the person"))
      return true
    },
  }
}
