// Where an overlay goes and how wide it is: pi-tui's TUI.resolveOverlayLayout, as a pure function,
// so that the host renders an overlay at the width Pi would and each window places it on its own
// screen as Pi would.
import type { OverlayAnchor, OverlayLayout, SizeValue } from "../protocol/component"

export interface OverlayBox {
  width: number
  row: number
  col: number
  maxHeight?: number
}

function parseSize(value: SizeValue | undefined, reference: number): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === "number") return value
  const m = /^(\d+(?:\.\d+)?)%$/.exec(value)
  return m ? Math.floor((reference * parseFloat(m[1]!)) / 100) : undefined
}

export function overlayBox(opt: OverlayLayout = {}, height: number, termWidth: number, termHeight: number): OverlayBox {
  const m =
    typeof opt.margin === "number"
      ? { top: opt.margin, right: opt.margin, bottom: opt.margin, left: opt.margin }
      : (opt.margin ?? {})
  const top = Math.max(0, m.top ?? 0)
  const right = Math.max(0, m.right ?? 0)
  const bottom = Math.max(0, m.bottom ?? 0)
  const left = Math.max(0, m.left ?? 0)
  const availWidth = Math.max(1, termWidth - left - right)
  const availHeight = Math.max(1, termHeight - top - bottom)

  let width = parseSize(opt.width, termWidth) ?? Math.min(80, availWidth)
  if (opt.minWidth !== undefined) width = Math.max(width, opt.minWidth)
  width = Math.max(1, Math.min(width, availWidth))
  let maxHeight = parseSize(opt.maxHeight, termHeight)
  if (maxHeight !== undefined) maxHeight = Math.max(1, Math.min(maxHeight, availHeight))
  const h = maxHeight !== undefined ? Math.min(height, maxHeight) : height

  const anchor = opt.anchor ?? "center"
  // A position pi-tui cannot read ("50" without %) centres, whatever the anchor.
  let row =
    place(opt.row, availHeight - h, top) ?? anchorRow(opt.row === undefined ? anchor : "center", h, availHeight, top)
  let col =
    place(opt.col, availWidth - width, left) ??
    anchorCol(opt.col === undefined ? anchor : "center", width, availWidth, left)
  row += opt.offsetY ?? 0
  col += opt.offsetX ?? 0
  row = Math.max(top, Math.min(row, termHeight - bottom - h))
  col = Math.max(left, Math.min(col, termWidth - right - width))
  return maxHeight === undefined ? { width, row, col } : { width, row, col, maxHeight }
}

/** An absolute position, or a percentage of the room left (0% one edge, 100% the other). */
function place(value: SizeValue | undefined, room: number, margin: number): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === "number") return value
  const m = /^(\d+(?:\.\d+)?)%$/.exec(value)
  return m ? margin + Math.floor(Math.max(0, room) * (parseFloat(m[1]!) / 100)) : undefined
}

function anchorRow(anchor: OverlayAnchor, height: number, avail: number, margin: number): number {
  if (anchor.startsWith("top")) return margin
  if (anchor.startsWith("bottom")) return margin + avail - height
  return margin + Math.floor((avail - height) / 2)
}

function anchorCol(anchor: OverlayAnchor, width: number, avail: number, margin: number): number {
  if (anchor.includes("left")) return margin
  if (anchor.includes("right")) return margin + avail - width
  return margin + Math.floor((avail - width) / 2)
}
