// Row heights of a long list and their running offsets. Offsets are recomputed lazily from the
// first changed row, so a growing last row (a streaming reply) costs O(1), not O(rows).

export class HeightIndex {
  private heights: number[] = []
  private prefix: number[] = [0]
  /** prefix[0..valid] are correct. */
  private valid = 0

  get count() {
    return this.heights.length
  }

  /** Replaces every height. */
  reset(heights: number[]) {
    this.heights = heights
    this.prefix = [0]
    this.valid = 0
  }

  push(height: number) {
    this.heights.push(height)
  }

  truncate(count: number) {
    if (count >= this.heights.length) return
    this.heights.length = count
    this.valid = Math.min(this.valid, count)
    this.prefix.length = this.valid + 1
  }

  height(i: number) {
    return this.heights[i] ?? 0
  }

  /** Returns whether the height changed. */
  set(i: number, height: number): boolean {
    if (i < 0 || i >= this.heights.length || this.heights[i] === height) return false
    this.heights[i] = height
    if (i < this.valid) {
      this.valid = i
      this.prefix.length = i + 1
    }
    return true
  }

  private ensure(i: number) {
    const upTo = Math.min(i, this.heights.length)
    while (this.valid < upTo) {
      this.prefix[this.valid + 1] = this.prefix[this.valid]! + this.heights[this.valid]!
      this.valid++
    }
  }

  /** Top of row `i` (or the total height when `i` is the row count). */
  offset(i: number) {
    this.ensure(i)
    return this.prefix[Math.min(i, this.heights.length)]!
  }

  total() {
    return this.offset(this.heights.length)
  }

  /** The row under position `y` (clamped to the list). */
  indexAt(y: number) {
    const n = this.heights.length
    if (n === 0) return 0
    this.ensure(n)
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.prefix[mid]! <= y) lo = mid
      else hi = mid - 1
    }
    return lo
  }
}
