// What every snapshot test shares: the three widths, a fixed clock and zone (the welcome's greeting
// and the sessions page's ages read them), the built-in dark theme, and a frame captured only once
// the window has stopped changing it.
import { afterEach, beforeEach, setSystemTime } from "bun:test"
import type { TestRendererSetup } from "@opentui/core/testing"
import { applyPalette, BUILTIN_THEMES } from "../../../src/tui/theme"
import { paletteOf } from "../../../src/tui/util/pi-theme"
import { WAIT_MS } from "../../fixture/wait"
import { encodeFrame } from "./encode-frame"

export const WIDTHS = [120, 80, 40] as const
/** A Wednesday, mid-morning in UTC: "Good morning." */
export const NOW = Date.UTC(2026, 2, 4, 10, 0, 0)

/** Freezes the clock at NOW in UTC and draws with the dark palette, for each test of the file. */
export function fixedWorld() {
  let zone: string | undefined
  beforeEach(() => {
    zone = process.env.TZ
    process.env.TZ = "UTC"
    setSystemTime(NOW)
    // The palette is the window's one store: a file run before may have left another theme in it.
    applyPalette(paletteOf(BUILTIN_THEMES.dark))
  })
  afterEach(() => {
    setSystemTime()
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
    applyPalette(paletteOf(BUILTIN_THEMES.dark))
  })
}

const pause = () => new Promise((r) => setTimeout(r, 10))

/**
 * Renders until `ready` holds for the encoded frame and then until three renders in a row draw the
 * same frame (markdown styles and highlights land a frame or more after the text), and returns it.
 */
export async function settledFrame(
  setup: Pick<TestRendererSetup, "renderOnce" | "captureSpans">,
  ready: (encoded: string) => boolean,
  opts: { cursor?: boolean } = {},
): Promise<string> {
  // performance.now: the test's clock is frozen, this deadline must still pass.
  const end = performance.now() + WAIT_MS
  let last = ""
  let same = 0
  for (;;) {
    await setup.renderOnce()
    const encoded = encodeFrame(setup.captureSpans(), opts)
    if (ready(encoded)) {
      same = encoded === last ? same + 1 : 0
      if (same >= 2) return encoded
    } else same = 0
    last = encoded
    if (performance.now() > end) throw new Error(`the frame never settled:\n${encoded}`)
    await pause()
  }
}
