// Work on one key at a time: each call for a key starts once the one before it has settled,
// whichever way. Calls for different keys do not wait for each other.
export class KeyedTurns {
  private readonly last = new Map<string, Promise<unknown>>()

  /** Runs `work` once every earlier call for `key` has settled; its result or failure. */
  async take<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.last.get(key) ?? Promise.resolve()
    const mine = before.then(work, work)
    const settled = mine.catch(() => {})
    this.last.set(key, settled)
    try {
      return await mine
    } finally {
      if (this.last.get(key) === settled) this.last.delete(key)
    }
  }
}
