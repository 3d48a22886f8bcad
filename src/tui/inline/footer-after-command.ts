// The inline footer back after a command had the terminal (`!i`, interactive-shell): the command
// wrote on the main screen from where the footer was, and the renderer, told nothing of those rows,
// would draw its footer back over them (and, past a screen of output, amid it). So the window asks
// the terminal where the cursor is, scrolls up only as many rows as the footer needs below it, and
// has the footer drawn from there: the command's output stays on screen and in the scrollback,
// once and in order, as pi leaves it.
import type { CliRenderer } from "@opentui/core"
import { canSeedFooter, seedFooterBelow } from "../patches/footer-seed"
import { cursorPosition } from "../util/cursor-row"

/** Resumes a suspended renderer; inline, with its footer below what was written meanwhile. */
export function resumeBelowOutput(renderer: CliRenderer, write: (text: string) => void): void {
  if (renderer.screenMode !== "split-footer") return renderer.resume()
  const rows = renderer.terminalHeight
  const at = cursorPosition()
  // The rows down to the cursor's (its own too when something is on it); all of them when unknown.
  const used = at ? Math.min(rows, at.row - (at.col > 1 ? 0 : 1)) : rows
  const seeded = canSeedFooter(renderer)
  // A footer pinned to the bottom wants a free row above it, as at startup (a row less, and the
  // first row committed next lands on the command's last one).
  const scroll = seeded ? Math.max(0, used + renderer.footerHeight + 1 - rows) : used
  // Suspended, the renderer writes nothing: these rows cannot land amid a frame of its own.
  if (scroll > 0) write(`\x1b[${rows};1H${"\n".repeat(scroll)}`)
  renderer.resume()
  try {
    if (seeded) seedFooterBelow(renderer, used - scroll)
    else renderer.resetSplitFooterForReplay({ clearSavedLines: false })
  } catch {
    // A renderer already gone (the window is closing): nothing to draw.
  }
}
