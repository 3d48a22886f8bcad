// Requests per key (an address, a device) in a sliding minute: a flood is answered 429 before it
// reaches a session, and costs the daemon one small counter per key.
export class RateLimit {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request of `key`; false when it is over the limit (it is not counted then). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs
    const kept = (this.hits.get(key) ?? []).filter((t) => t > since)
    if (kept.length >= this.max) {
      this.hits.set(key, kept)
      return false
    }
    kept.push(now)
    this.hits.set(key, kept)
    // keys whose hits all expired are dropped, so many addresses cannot grow the map for ever
    if (this.hits.size > 1000) for (const [k, v] of this.hits) if (!v.some((t) => t > since)) this.hits.delete(k)
    return true
  }

  /** Seconds until `key` may ask again. */
  retryAfter(key: string, now = Date.now()): number {
    const oldest = this.hits.get(key)?.[0]
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000))
  }
}
