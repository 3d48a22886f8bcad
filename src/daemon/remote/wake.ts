// A long poll's wait: until one of `waiters` is called (something changed), `ms` pass, or the
// asker goes away. The waiter is removed whichever comes first, so nothing piles up.
export function wakeOrTimeout(waiters: Set<() => void>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      waiters.delete(done)
      signal?.removeEventListener("abort", done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    waiters.add(done)
    signal?.addEventListener("abort", done, { once: true })
  })
}
