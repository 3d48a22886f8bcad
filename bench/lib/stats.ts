// Small order statistics for benchmark samples (nearest-rank, no interpolation surprises).

export interface Summary {
  n: number
  median: number
  min: number
  max: number
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  if (p <= 0) return sorted[0]!
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, rank) - 1]!
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function summarize(values: number[]): Summary {
  return {
    n: values.length,
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
  }
}
