// Pi components (pi-tui) drawn in a window. The component lives with its extension in the session
// host, which renders it to ANSI lines; windows get the lines (SGR colours kept, every other
// sequence removed) and send the person's keys back as the terminal bytes pi-tui reads.
import type { WidgetPlacement } from "./ui"

/**
 * Where a component shows: `inline` takes the composer's place (ctx.ui.custom), `overlay` floats
 * over the page, `widget` sits above or below the composer, `header` above the transcript,
 * `footer` in the status bar's place, `editor` is the composer (setEditorComponent).
 */
export type ComponentSlot = "inline" | "overlay" | "widget" | "header" | "footer" | "editor"

export type OverlayAnchor =
  | "center"
  | "top-left"
  | "top-right"
  | "bottom-left"
  | "bottom-right"
  | "top-center"
  | "bottom-center"
  | "left-center"
  | "right-center"

/** A size in columns/rows, or a percentage of the terminal ("50%"). */
export type SizeValue = number | `${number}%`

/** Pi's OverlayOptions, as data (no callbacks). */
export interface OverlayLayout {
  width?: SizeValue
  minWidth?: number
  maxHeight?: SizeValue
  anchor?: OverlayAnchor
  offsetX?: number
  offsetY?: number
  row?: SizeValue
  col?: SizeValue
  margin?: number | { top?: number; right?: number; bottom?: number; left?: number }
}

export interface ComponentView {
  id: string
  slot: ComponentSlot
  /** A widget's key and placement. */
  key?: string
  placement?: WidgetPlacement
  overlay?: OverlayLayout
  /** What the component rendered, one terminal row each (SGR kept). */
  lines: string[]
  /** The width it rendered at. */
  width: number
  /** Takes keys while shown (custom components and editors; widgets, headers and footers do not). */
  focusable: boolean
  /** The window whose keys it takes: the first one that pressed a key. */
  owner?: string
}

/** The component that gets a window's keys: the newest focusable overlay, else inline, else the editor. */
export function focusedComponent(views: readonly ComponentView[] | undefined): ComponentView | undefined {
  if (!views) return undefined
  for (const slot of ["overlay", "inline", "editor"] as const)
    for (let i = views.length - 1; i >= 0; i--) if (views[i]!.slot === slot && views[i]!.focusable) return views[i]
  return undefined
}
