// A wait with a ceiling: the promise's value, or undefined once the time is up (the promise goes
// on; nothing is cancelled).

/** `p`'s value, or undefined once `ms` have passed. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}
