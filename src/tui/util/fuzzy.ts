// Subsequence fuzzy matching for pickers: every query character must appear in order; matches at
// word starts and runs of consecutive characters rank higher, so "sesnew" finds "session-new".

const BOUNDARY = new Set(["/", "-", "_", ".", " ", ":", "@"])

/** A score (higher is better) when `query` is a subsequence of `target`, ignoring case; else undefined. */
export function fuzzyScore(query: string, target: string): number | undefined {
  if (!query) return 0
  const q = query.toLowerCase()
  const t = target.toLowerCase()
  if (q.length > t.length) return undefined
  const direct = t.indexOf(q)
  let score = 0
  let ti = 0
  let prev = -2
  for (let qi = 0; qi < q.length; qi++) {
    const found = pick(q, qi, t, ti, prev)
    if (found === -1) return undefined
    score += 1
    if (found === 0 || BOUNDARY.has(t[found - 1]!)) score += 3
    if (found === prev + 1) score += 2
    else if (prev >= 0) score -= Math.min(3, (found - prev - 1) * 0.1)
    prev = found
    ti = found + 1
  }
  // A literal substring beats a scattered match; a prefix beats both; shorter targets win ties.
  if (direct === 0) score += 10
  else if (direct > 0) score += 5
  return score - t.length * 0.01
}

/**
 * Where query char `qi` matches from `from` on: the next char when it continues a run, else the
 * first word start that leaves the rest of the query matchable, else the first occurrence.
 */
function pick(q: string, qi: number, t: string, from: number, prev: number): number {
  const ch = q[qi]!
  if (prev >= 0 && t[prev + 1] === ch) return prev + 1
  const first = t.indexOf(ch, from)
  if (first === -1) return -1
  for (let i = first; i !== -1; i = t.indexOf(ch, i + 1)) {
    if (i > 0 && !BOUNDARY.has(t[i - 1]!)) continue
    if (isSubsequence(q, qi + 1, t, i + 1)) return i
    break
  }
  return first
}

function isSubsequence(q: string, qi: number, t: string, ti: number): boolean {
  for (; qi < q.length; qi++) {
    ti = t.indexOf(q[qi]!, ti)
    if (ti === -1) return false
    ti++
  }
  return true
}

/**
 * Items matching `query` on any of their keys, best first (stable for equal scores). Each key
 * list is ordered by importance: later keys count a little less.
 */
export function fuzzyFilter<T>(
  items: readonly T[],
  query: string,
  keys: (item: T) => (string | undefined)[],
  limit = Infinity,
): T[] {
  if (!query) return items.slice(0, limit)
  const scored: { item: T; score: number; index: number }[] = []
  items.forEach((item, index) => {
    let best: number | undefined
    keys(item).forEach((key, rank) => {
      if (!key) return
      const s = fuzzyScore(query, key)
      if (s === undefined) return
      const weighted = s - rank * 2
      if (best === undefined || weighted > best) best = weighted
    })
    if (best !== undefined) scored.push({ item, score: best, index })
  })
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  return scored.slice(0, limit).map((s) => s.item)
}
