// What one render of an extension's pi-tui component gives the windows: its rows at the width it
// has (an overlay's box, else the terminal's), capped and styled, and an overlay's layout as data.
import type { Component, OverlayOptions } from "@earendil-works/pi-tui"
import { overlayBox } from "../../common/overlay-layout"
import { type ComponentSlot, type OverlayLayout } from "../../protocol/index"
import { styledText } from "../../common/terminal-text"

/** Rows kept of one component: enough for any screen, bounded for a runaway render. */
const MAX_LINES = 500
/** Characters kept of one row (its styles included): a runaway row must not make every event huge. */
const MAX_ROW_CHARS = 8192

export type OverlayOptionsOf = OverlayOptions | (() => OverlayOptions | undefined)

export interface ComponentRender {
  lines: string[]
  width: number
  overlay?: OverlayLayout
}

/** An overlay's layout as data: its options (which may be a function), else its component's `width`. */
function layoutOf(component: Component, o: OverlayOptions | undefined): OverlayLayout | undefined {
  if (!o) {
    const w = (component as { width?: number }).width
    return typeof w === "number" ? { width: w } : undefined
  }
  const { visible: _v, nonCapturing: _n, ...layout } = o
  return layout as OverlayLayout
}

export function componentRows(
  component: Component,
  slot: ComponentSlot,
  options: OverlayOptionsOf | undefined,
  size: { width: number; height: number },
  log: (msg: string) => void,
): ComponentRender {
  const { width: termWidth, height: termHeight } = size
  const opts = typeof options === "function" ? options() : options
  const overlay = slot === "overlay" ? layoutOf(component, opts) : undefined
  const box = overlay ? overlayBox(overlay, 0, termWidth, termHeight) : undefined
  const width = box?.width ?? termWidth
  // pi-tui draws an overlay only while its `visible` says so (a side panel on wide terminals).
  if (overlay && opts?.visible && !opts.visible(termWidth, termHeight)) return { lines: [], width, overlay }
  let raw: readonly string[]
  try {
    raw = component.render(width)
  } catch (err) {
    log(`a component failed to render: ${String(err)}`)
    raw = [`(the extension's component failed to render: ${String(err)})`]
  }
  const lines = styledRows(raw, Math.min(MAX_LINES, box?.maxHeight ?? MAX_LINES))
  return overlay ? { lines, width, overlay } : { lines, width }
}

/** The first `cap` rows a component drew, each cut to its length and styled for the windows. */
export function styledRows(raw: readonly string[], cap: number): string[] {
  return raw.slice(0, cap).map((l) => styledText(String(l).slice(0, MAX_ROW_CHARS)))
}

export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
