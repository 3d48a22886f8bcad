// Draws one piece of the transcript off screen, exactly as the window draws it, and hands its rows
// to the terminal's scrollback above the footer (OpenTUI's split-footer surface). The rows are the
// terminal's from then on: nothing here ever touches them again.
// OpenTUI's public way (`createScrollbackWriter`) draws and commits in one synchronous step, so a
// code block would go up before its highlighting lands. Here the rows are drawn on a scrollback
// surface that is let settle first, with the Solid reconciler's `_render` (exported by
// @opentui/solid, but internal: its own writers use it): docs/patches.md (`SCROLLBACK_SETTLE`).
import type { CliRenderer } from "@opentui/core"
import { _render, createScrollbackWriter, RendererContext } from "@opentui/solid"
import { runWithOwner, type JSX, type Owner } from "solid-js"
import { patchOn } from "../../util/patch-switch"

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
  if (!patchOn("SCROLLBACK_SETTLE")) return writeAtOnce(renderer, owner, node, beforeCommit)
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

/** The public path: drawn and committed at once, highlighting or not (the switch's off path). */
function writeAtOnce(
  renderer: CliRenderer,
  owner: Owner | null,
  node: () => JSX.Element,
  beforeCommit?: (rows: number) => void,
): void {
  const write = createScrollbackWriter(() => node(), { startOnNewLine: true })
  runWithOwner(owner, () =>
    renderer.writeToScrollback((ctx) => {
      const snapshot = write(ctx)
      beforeCommit?.(snapshot.height ?? snapshot.root.height)
      return snapshot
    }),
  )
}
