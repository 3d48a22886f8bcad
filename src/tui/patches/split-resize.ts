// Inline mode: a resize must neither lose the transcript rows above the footer nor leave pieces
// of the old footer in the scrollback.
//
// Why: the terminal rewraps what it shows when its width changes (a full-width footer row becomes
// two rows, a rewrapped transcript row joins up again), and moves it all when the height changes,
// so after a resize OpenTUI's split footer no longer knows where its rows are. It clears from
// `height - 2 × footer` down when the width shrinks and draws the footer where its own count says:
// transcript rows in that band are erased or drawn over (a reply streaming through 20 resizes lost
// dozens of lines), and old footer rows above the band stay and scroll up into the history.
// Here the terminal is asked where its cursor went (a cursor position report): the cursor was on
// a known row and column of the footer, so the old footer's first row is that many rewrapped rows
// above it. Everything from there down is cleared, and the footer and the next transcript rows go
// right below what is left. Frames wait for the answer (OpenTUI's startup wait for its own cursor
// report); a terminal that does not answer in time gets the best guess from how tmux resizes.
//
// The override wraps the renderer's private `processResize` and reads its split-footer state
// (docs/patches.md); XAGENT_NO_SPLIT_RESIZE=1 leaves OpenTUI's own handling.
import type { CliRenderer } from "@opentui/core"
import { patchOn } from "../../util/patch-switch"

interface Internals {
  processResize(width: number, height: number): void
  writeOut(chunk: unknown, ...rest: unknown[]): unknown
  requestRender(): void
  resetSplitScrollback(seedRows: number): void
  prependInputHandler(handler: (sequence: string) => boolean): void
  processCapabilitySequence(sequence: string, hasCursorReport: boolean): boolean
  _screenMode: string
  _splitHeight: number
  _terminalWidth: number
  _terminalHeight: number
  _isDestroyed: boolean
  renderOffset: number
  forceFullRepaintRequested: boolean
  pendingSplitStartupCursorSeed: boolean
  splitStartupSeedTimeoutId: unknown
  pendingSplitFooterTransition: { sourceTopLine: number; sourceHeight: number } | null
  currentRenderBuffer: { width: number; height: number; buffers: { char: Uint32Array } }
  lib: { getCursorState(ptr: unknown): { x: number; y: number; visible: boolean } }
  rendererPtr: unknown
}

// OpenTUI's moveCursorAndClear: a cursor move to column 1, then erase to the end of the screen.
const CLEAR = /^\x1b\[\d+;1H\x1b\[J$/
const CURSOR_REPORT = /^\x1b\[(\d+);(\d+)R$/
/** How long frames wait for the terminal's answer. */
const ANSWER_MS = 150

/** The footer as it was drawn when a run of resizes began. */
export interface OldFooter {
  /** Per row: anything drawn on it (the renderer paints such rows to the end). */
  painted: boolean[]
  /** Width it was drawn at. */
  width: number
  /** Terminal row of its first row, and its height, then. */
  top: number
  height: number
  /** The cursor's row and column in it (0-based), or undefined when it was hidden. */
  cursor?: { row: number; col: number }
}

/** Rows a footer row takes once the terminal rewrapped it to `width`. */
const rowsAt = (old: OldFooter, row: number, width: number) =>
  old.painted[row] ? Math.max(1, Math.ceil(old.width / width)) : 1

/** The old footer's first row, from where the terminal says the cursor is now (1-based rows). */
export function topFromCursor(old: OldFooter & { cursor: { row: number; col: number } }, at: number, width: number) {
  let above = old.painted[old.cursor.row] ? Math.floor(old.cursor.col / width) : 0
  for (let row = 0; row < old.cursor.row; row++) above += rowsAt(old, row, width)
  return Math.max(1, at - above)
}

/**
 * The best guess without an answer, for a terminal that resizes like tmux: the height first (rows
 * below the cursor go, blank rows come in below when it grows), then every row rewrapped at the
 * new width with the bottom row kept in place.
 */
export function topByRewrap(old: OldFooter, oldHeight: number, width: number, height: number): number {
  let below = Math.max(0, oldHeight - (old.top + old.height - 1))
  let rows = old.height
  const shrink = oldHeight - height
  if (shrink > 0) {
    const gone = Math.min(shrink, oldHeight - (old.top + (old.cursor?.row ?? old.height - 1)))
    rows -= Math.max(0, gone - below)
    below = Math.max(0, below - gone)
  } else if (below > 0) below -= shrink
  let wrapped = below
  for (let row = 0; row < rows; row++) wrapped += rowsAt(old, row, width)
  return Math.max(1, height - wrapped + 1)
}

function drawnFooter(r: Internals): OldFooter {
  const pending = r.pendingSplitFooterTransition
  const buffer = r.currentRenderBuffer
  const chars = buffer.buffers.char
  const painted = pending
    ? Array.from({ length: pending.sourceHeight }, () => true)
    : Array.from({ length: buffer.height }, (_, row) => {
        for (let x = 0; x < buffer.width; x++) {
          const c = chars[row * buffer.width + x]!
          if (c !== 0 && c !== 32) return true
        }
        return false
      })
  const cursor = r.lib.getCursorState(r.rendererPtr)
  return {
    painted,
    width: r._terminalWidth,
    top: pending?.sourceTopLine ?? r.renderOffset + 1,
    height: painted.length,
    cursor:
      cursor.visible && cursor.y >= 1 && cursor.y <= painted.length
        ? { row: cursor.y - 1, col: Math.max(0, cursor.x - 1) }
        : undefined,
  }
}

export function keepRowsOnResize(renderer: CliRenderer): void {
  if (!patchOn("SPLIT_RESIZE")) return
  const r = renderer as unknown as Internals
  const methods = [
    "processResize",
    "writeOut",
    "resetSplitScrollback",
    "prependInputHandler",
    "processCapabilitySequence",
  ]
  for (const name of methods as (keyof Internals)[])
    if (typeof r[name] !== "function") throw new Error(`@opentui/core changed: the renderer has no ${name}`)
  const original = r.processResize
  // Set from the first resize of a run until the footer is placed again.
  let waiting: { old: OldFooter; oldHeight: number; timer: ReturnType<typeof setTimeout>; asked: number } | undefined

  const place = (top: number) => {
    if (!waiting) return
    clearTimeout(waiting.timer)
    waiting = undefined
    r.pendingSplitStartupCursorSeed = false
    r.splitStartupSeedTimeoutId = null
    if (r._isDestroyed) return
    r.writeOut(`\x1b[${top};1H\x1b[J`)
    r.resetSplitScrollback(top - 1)
    r.forceFullRepaintRequested = true
    r.requestRender()
  }

  const answered = (sequence: string) => {
    const answer = waiting?.old.cursor && CURSOR_REPORT.exec(sequence)
    if (!answer || !waiting?.old.cursor) return false
    // Each resize of a run asked; only the answer to the last one tells where things are now.
    if (--waiting.asked > 0) return true
    const width = r._terminalWidth
    // A frame drawn between the terminal's resize and ours moved the cursor: the answer says nothing.
    const moved = Number(answer[2]) !== (waiting.old.cursor.col % width) + 1
    const top = moved
      ? topByRewrap(waiting.old, waiting.oldHeight, width, r._terminalHeight)
      : topFromCursor({ ...waiting.old, cursor: waiting.old.cursor }, Number(answer[1]), width)
    place(top)
    return true
  }
  // The answer comes as a key (after startup) or, in OpenTUI's first seconds, as a capability
  // report that it would take for its own startup cursor report.
  r.prependInputHandler(answered)
  const capability = r.processCapabilitySequence
  r.processCapabilitySequence = function (this: Internals, sequence: string, hasCursorReport: boolean) {
    return answered(sequence) || capability.call(this, sequence, hasCursorReport)
  }

  r.processResize = function (this: Internals, width: number, height: number) {
    const changed = width !== this._terminalWidth || height !== this._terminalHeight
    if (this._screenMode !== "split-footer" || this._splitHeight <= 0 || !changed)
      return original.call(this, width, height)
    const old = waiting?.old ?? drawnFooter(this)
    const oldHeight = waiting?.oldHeight ?? this._terminalHeight
    const write = this.writeOut
    // OpenTUI's own clear is a guess made before the terminal is asked: left out.
    this.writeOut = function (this: Internals, chunk: unknown, ...rest: unknown[]) {
      return typeof chunk === "string" && CLEAR.test(chunk) ? true : write.call(this, chunk, ...rest)
    }
    try {
      original.call(this, width, height)
    } finally {
      this.writeOut = write
    }
    if (waiting) clearTimeout(waiting.timer)
    const timer = setTimeout(
      () => place(topByRewrap(old, oldHeight, this._terminalWidth, this._terminalHeight)),
      ANSWER_MS,
    )
    waiting = { old, oldHeight, timer, asked: (waiting?.asked ?? 0) + (old.cursor ? 1 : 0) }
    // Frames wait, as they do for OpenTUI's own startup cursor report.
    this.pendingSplitStartupCursorSeed = true
    this.splitStartupSeedTimeoutId = timer
    if (!old.cursor) return
    write.call(this, "\x1b[6n")
  }
}
