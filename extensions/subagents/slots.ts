// How many children run at once in one session (its whole tree shares the count): a call past the
// limit waits for a slot, in the order asked, and leaves the queue when its call is aborted.

export interface Slots {
  /** Resolves to the slot's release, or undefined when `signal` aborts first. */
  take(signal?: AbortSignal): Promise<(() => void) | undefined>
  readonly limit: number
}

export function createSlots(limit: number): Slots {
  let used = 0
  const waiting: (() => void)[] = []
  const release = () => {
    used--
    waiting.shift()?.()
  }
  return {
    limit,
    take(signal) {
      if (signal?.aborted) return Promise.resolve(undefined)
      if (used < limit) {
        used++
        return Promise.resolve(once(release))
      }
      return new Promise((resolve) => {
        const go = () => {
          signal?.removeEventListener("abort", stop)
          used++
          resolve(once(release))
        }
        const stop = () => {
          const i = waiting.indexOf(go)
          if (i >= 0) waiting.splice(i, 1)
          resolve(undefined)
        }
        waiting.push(go)
        signal?.addEventListener("abort", stop, { once: true })
      })
    },
  }
}

/** Slots that start nothing: every take fails with `error` (a limit that could not be read). */
export function refusingSlots(error: string): Slots {
  return { limit: 0, take: () => Promise.reject(new Error(`Cannot start a subagent: ${error}.`)) }
}

function once(f: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    f()
  }
}

/**
 * The limit XAGENT_SUBAGENTS_MAX sets (unset or empty: `fallback`). Any other value than a whole
 * number from 1 is a mistake said back, never a silent default: the person asked for something.
 */
export function limitFrom(env: string | undefined, fallback: number): { limit: number } | { error: string } {
  if (env === undefined || env.trim() === "") return { limit: fallback }
  const n = Number(env.trim())
  if (Number.isInteger(n) && n >= 1) return { limit: n }
  return {
    error: `XAGENT_SUBAGENTS_MAX is ${JSON.stringify(env)}: it must be a whole number from 1 (unset, it is ${fallback})`,
  }
}
