// The inline footer drawn again right below what a command wrote on the main screen.
//
// Why: after the renderer was suspended for a command on the terminal (`!i`), it draws its footer
// back where it was, over the command's output, since nothing told it the terminal has rows it did
// not write. OpenTUI seeds that count from the cursor at startup, through its private
// `resetSplitScrollback(rows)`; no public call sets it later. This one does, with the row the
// terminal reports (docs/patches.md). XAGENT_NO_FOOTER_SEED=1 leaves it alone: the screen then
// goes up into the scrollback whole and the footer starts on an empty screen (nothing lost, the
// output out of sight).
import type { CliRenderer } from "@opentui/core"
import { patchOn } from "../../util/patch-switch"

type Seedable = {
  resetSplitScrollback?: (rows: number) => void
  clearPendingSplitFooterTransition?: () => void
  forceFullRepaintRequested?: boolean
}

/** On, and the renderer still has the private method (test/tui/footer-seed.test.ts guards it). */
export function canSeedFooter(renderer: CliRenderer, env = process.env): boolean {
  const r = renderer as unknown as Seedable
  return (
    patchOn("FOOTER_SEED", env) &&
    typeof r.resetSplitScrollback === "function" &&
    typeof r.clearPendingSplitFooterTransition === "function"
  )
}

/** Tells the renderer that the terminal's first `rows` rows are written, its footer goes below them. */
export function seedFooterBelow(renderer: CliRenderer, rows: number): void {
  const r = renderer as unknown as Seedable
  // It takes the row the footer starts on, 1-based, as the cursor report it seeds from at startup says.
  r.resetSplitScrollback!(rows + 1)
  // A footer height set while suspended left a move from the old place pending; the startup seed
  // drops it the same way.
  r.clearPendingSplitFooterTransition!()
  // The footer's rows moved: every cell of it is drawn, not only the ones that changed.
  r.forceFullRepaintRequested = true
  renderer.requestRender()
}
