// A bounded two-axis window onto a projected canvas: panning moves it, never past the canvas edges,
// so every cell is reachable and nothing is wrapped or reflowed.

export interface Pan {
  x: number
  y: number
}

export interface Viewport {
  rows: string[]
  pan: Pan
  /** Largest pan offsets for this canvas and window. */
  max: Pan
}

function clampPan(pan: Pan, canvas: { width: number; height: number }, view: { width: number; height: number }) {
  const max = { x: Math.max(0, canvas.width - view.width), y: Math.max(0, canvas.height - view.height) }
  return { pan: { x: Math.min(Math.max(0, pan.x), max.x), y: Math.min(Math.max(0, pan.y), max.y) }, max }
}

/** The window's rows, each exactly `view.width` cells (canvas rows are one cell per code unit). */
export function viewport(rows: string[], width: number, pan: Pan, view: { width: number; height: number }): Viewport {
  const clamped = clampPan(pan, { width, height: rows.length }, view)
  const { x, y } = clamped.pan
  const shown = rows.slice(y, y + view.height).map((row) => row.slice(x, x + view.width).padEnd(view.width, " "))
  while (shown.length < view.height) shown.push(" ".repeat(view.width))
  return { rows: shown, ...clamped }
}
