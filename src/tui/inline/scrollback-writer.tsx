// Draws one piece of the transcript off screen, exactly as the window draws it, and hands its rows
// to the terminal's scrollback above the footer (OpenTUI's split-footer surface). The rows are the
// terminal's from then on: nothing here ever touches them again.
import type { CliRenderer } from "@opentui/core"
import { _render, RendererContext } from "@opentui/solid"
import { runWithOwner, type JSX, type Owner } from "solid-js"

/** How long code highlighting may take before the rows go up plain (it is synchronous here). */
const SETTLE_MS = 1000

/**
 * Writes `node` to the scrollback. `owner` carries the window's contexts (theme, view) into the
 * off-screen tree; the renderer context is the surface's own, so elements are built for it.
 */
export async function writeRows(
  renderer: CliRenderer,
  owner: Owner | null,
  node: () => JSX.Element,
  /** Told how many rows are about to go up, right before they are handed over (same tick). */
  beforeCommit?: (rows: number) => void,
): Promise<void> {
  const surface = renderer.createScrollbackSurface({ startOnNewLine: true })
  let dispose: (() => void) | undefined
  try {
    dispose = runWithOwner(owner, () =>
      _render(
        () => (
          <RendererContext.Provider value={surface.renderContext as unknown as CliRenderer}>
            {node()}
          </RendererContext.Provider>
        ),
        surface.root,
      ),
    )
    // A highlighter that fails or hangs must not cost the text: it goes up unstyled.
    await surface.settle(SETTLE_MS).catch(() => {})
    if (surface.isDestroyed || renderer.isDestroyed) return
    // Drawn again right before the commit: the terminal may have been resized while it settled.
    surface.render()
    beforeCommit?.(surface.height)
    surface.commitRows(0, surface.height)
  } finally {
    dispose?.()
    if (!surface.isDestroyed) surface.destroy()
  }
}
