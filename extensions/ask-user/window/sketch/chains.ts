// Horizontal border chains: `+---+---+` runs (a title may sit between hyphen runs: `+-- Title --+`).
// Only whole chains can become box borders, so prose with a lone `+` or `-` never qualifies.

/** A run between two `+`: hyphens only, or hyphens, a title that neither starts nor ends with one, hyphens. */
const PLAIN_RUN = /^-+$/
const TITLED_RUN = /^(-+)([^-+|](?:[^+|]*[^-+|])?)(-+)$/

export interface RowChains {
  /** chain id per column for `+` cells that belong to a chain, else -1. */
  chainAt: Int32Array
  /** The plus columns of each chain, left to right. */
  chains: number[][]
  /** Columns holding title text inside a chain (never converted). */
  title: Set<number>
}

export function rowChains(row: string): RowChains {
  const chainAt = new Int32Array(row.length).fill(-1)
  const chains: number[][] = []
  const title = new Set<number>()
  const pluses: number[] = []
  for (let c = 0; c < row.length; c++) if (row[c] === "+") pluses.push(c)
  let current: number[] | undefined
  for (let k = 0; k + 1 < pluses.length; k++) {
    const a = pluses[k]!
    const b = pluses[k + 1]!
    const run = row.slice(a + 1, b)
    const titled = PLAIN_RUN.test(run) ? undefined : TITLED_RUN.exec(run)
    if (!PLAIN_RUN.test(run) && !titled) {
      current = undefined
      continue
    }
    if (titled) {
      const start = a + 1 + titled[1]!.length
      for (let c = start; c < start + titled[2]!.length; c++) title.add(c)
    }
    if (!current) {
      current = [a]
      chains.push(current)
      chainAt[a] = chains.length - 1
    }
    current.push(b)
    chainAt[b] = chains.length - 1
  }
  return { chainAt, chains, title }
}

/** True when `+` cells at c1 and c2 are joined by one continuous border chain on this row. */
export const joined = (rc: RowChains, c1: number, c2: number) =>
  rc.chainAt[c1]! >= 0 && rc.chainAt[c1] === rc.chainAt[c2]

/** True when c1 and c2 are the two ends of their chain (the outer sides of a frame or table). */
export function outerEnds(rc: RowChains, c1: number, c2: number): boolean {
  const chain = rc.chains[rc.chainAt[c1]!]
  return !!chain && chain[0] === c1 && chain[chain.length - 1] === c2
}
