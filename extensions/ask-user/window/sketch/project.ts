// Projects a literal ASCII sketch onto a fixed 80-column display canvas. Display only: callers keep the
// literal text. Recognized `+`/`-`/`|` frames become connected box-drawing glyphs; everything else stays.
import { ASK_LIMITS, sketchLines, sketchProblem } from "../../../../src/protocol/ask-user"
import { joined, outerEnds, rowChains, type RowChains } from "./chains"

export const CANVAS_WIDTH = ASK_LIMITS.sketchColumns

export type Projection = { ok: true; rows: string[] } | { ok: false; reason: string }

interface Box {
  r1: number
  c1: number
  r2: number
  c2: number
}

type SideCell = { kind: "proper" | "missing" | "conflict" } | { kind: "displaced"; from: number }

interface Repair {
  r: number
  c: number
  from?: number
}

const U = 1
const D = 2
const L = 4
const R = 8
const GLYPHS: Record<number, string> = {
  [U | D]: "│",
  [U]: "│",
  [D]: "│",
  [L | R]: "─",
  [L]: "─",
  [R]: "─",
  [R | D]: "┌",
  [L | D]: "┐",
  [R | U]: "└",
  [L | U]: "┘",
  [L | R | D]: "┬",
  [L | R | U]: "┴",
  [U | D | R]: "├",
  [U | D | L]: "┤",
  [U | D | L | R]: "┼",
}

const DIVIDER = /^ *-{3,}$/

export function projectSketch(sketch: string): Projection {
  const problem = sketchProblem(sketch)
  if (problem) return { ok: false, reason: problem }
  const grid = sketchLines(sketch).map((line) => line.padEnd(CANVAS_WIDTH, " ").split(""))
  const rows = grid.map((g) => g.join(""))
  const chains = rows.map(rowChains)
  const boxes: Box[] = []
  const repairs: Repair[] = []
  const protectedCells = new Set<number>()
  const key = (r: number, c: number) => r * CANVAS_WIDTH + c
  for (const box of candidateBoxes(chains)) {
    const sides = sideCells(grid, box)
    const verdict = judge(sides)
    if (!verdict.recognized) continue
    boxes.push(box)
    sides.forEach(([left, right], i) => {
      const r = box.r1 + 1 + i
      if (left.kind === "proper") protectedCells.add(key(r, box.c1))
      if (right.kind === "proper") protectedCells.add(key(r, box.c2))
    })
    const outer = outerEnds(chains[box.r1]!, box.c1, box.c2) && outerEnds(chains[box.r2]!, box.c1, box.c2)
    if (!verdict.confident || !outer) continue
    sides.forEach((pair, i) =>
      pair.forEach((cell, s) => {
        const r = box.r1 + 1 + i
        const c = s === 0 ? box.c1 : box.c2
        if (cell.kind === "missing") repairs.push({ r, c })
        if (cell.kind === "displaced") repairs.push({ r, c, from: cell.from })
      }),
    )
  }
  for (const { r, c, from } of repairs) {
    if (grid[r]![c] !== " ") continue
    if (from !== undefined) {
      if (grid[r]![from] !== "|" || protectedCells.has(key(r, from))) continue
      grid[r]![from] = " "
    }
    grid[r]![c] = "|"
  }
  const out = grid.map((g) => [...g])
  const dirs = new Map<number, number>()
  const mark = (r: number, c: number, d: number) => dirs.set(key(r, c), (dirs.get(key(r, c)) ?? 0) | d)
  for (const box of boxes) {
    for (const r of [box.r1, box.r2]) markBorder(grid[r]!, chains[r]!, r, box, mark)
    mark(box.r1, box.c1, R | D)
    mark(box.r1, box.c2, L | D)
    mark(box.r2, box.c1, R | U)
    mark(box.r2, box.c2, L | U)
    for (let r = box.r1 + 1; r < box.r2; r++)
      for (const c of [box.c1, box.c2]) if (grid[r]![c] === "|" || grid[r]![c] === "+") mark(r, c, U | D)
  }
  // All or nothing: a border that belongs to no recognized frame would stay ASCII beside the
  // converted ones (an outer frame whose rows stop a column short, around a recognized inner one).
  const stray = chains.some((rc, r) => rc.chains.some((chain) => chain.some((c) => !dirs.has(key(r, c)))))
  if (stray) return { ok: true, rows }
  for (const [k, d] of dirs) out[Math.floor(k / CANVAS_WIDTH)]![k % CANVAS_WIDTH] = GLYPHS[d]!
  return { ok: true, rows: out.map((g, r) => (DIVIDER.test(rows[r]!.trimEnd()) ? divider(rows[r]!) : g.join(""))) }
}

function divider(row: string): string {
  const start = row.indexOf("-")
  return row.slice(0, start) + "─".repeat(CANVAS_WIDTH - start)
}

function markBorder(
  row: string[],
  rc: RowChains,
  r: number,
  box: Box,
  mark: (r: number, c: number, d: number) => void,
) {
  const isBorder = (c: number) => (row[c] === "-" || row[c] === "+") && !rc.title.has(c)
  for (let c = box.c1; c <= box.c2; c++) {
    if (!isBorder(c)) continue
    let d = 0
    if (c > box.c1 && isBorder(c - 1)) d |= L
    if (c < box.c2 && isBorder(c + 1)) d |= R
    if (row[c] === "-") d = L | R
    if (d) mark(r, c, d)
  }
}

/** Every `+` pair joined on a row, closed by the nearest row below that joins the same two columns. */
function* candidateBoxes(chains: RowChains[]): Generator<Box> {
  for (let r1 = 0; r1 < chains.length; r1++) {
    for (const chain of chains[r1]!.chains) {
      for (let i = 0; i < chain.length; i++) {
        for (let j = i + 1; j < chain.length; j++) {
          const c1 = chain[i]!
          const c2 = chain[j]!
          let r2 = r1 + 1
          while (r2 < chains.length && !joined(chains[r2]!, c1, c2)) r2++
          if (r2 < chains.length && r2 > r1 + 1) yield { r1, c1, r2, c2 }
        }
      }
    }
  }
}

function sideCells(grid: string[][], box: Box): [SideCell, SideCell][] {
  const cells: [SideCell, SideCell][] = []
  const top = grid[box.r1]!
  for (let r = box.r1 + 1; r < box.r2; r++) {
    const row = grid[r]!
    const at = (c: number, inward: number, outward: number): SideCell => {
      const ch = row[c]
      if (ch === "|" || ch === "+") return { kind: "proper" }
      if (ch !== " ") return { kind: "conflict" }
      // A pipe one column off, inward only when that column is not an inner table column.
      if (row[outward] === "|") return { kind: "displaced", from: outward }
      if (row[inward] === "|" && top[inward] !== "+") return { kind: "displaced", from: inward }
      return { kind: "missing" }
    }
    cells.push([at(box.c1, box.c1 + 1, box.c1 - 1), at(box.c2, box.c2 - 1, box.c2 + 1)])
  }
  return cells
}

/**
 * Recognized: each side is a proper edge on at least half of its rows. Confident (repairs allowed):
 * at least two thirds of all side cells are proper.
 */
function judge(sides: [SideCell, SideCell][]) {
  const proper = [0, 0]
  for (const pair of sides) pair.forEach((cell, s) => cell.kind === "proper" && proper[s]!++)
  const n = sides.length
  const recognized = proper[0]! * 2 >= n && proper[1]! * 2 >= n
  const confident = recognized && (proper[0]! + proper[1]!) * 3 >= n * 4
  return { recognized, confident }
}
