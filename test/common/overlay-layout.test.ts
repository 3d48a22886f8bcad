// overlayBox is pi-tui's overlay layout as a pure function: for every anchor and a spread of sizes,
// margins, offsets and positions it gives what pi-tui's own TUI.resolveOverlayLayout gives.
import { expect, test } from "bun:test"
import { TuiMainScreen } from "@earendil-works/pi-tui"
import { overlayBox } from "../../src/common/overlay-layout"
import type { OverlayLayout } from "../../src/protocol/component"

const ANCHORS = [
  "center",
  "top-left",
  "top-right",
  "bottom-left",
  "bottom-right",
  "top-center",
  "bottom-center",
  "left-center",
  "right-center",
] as const

const CASES: OverlayLayout[] = [
  {},
  { width: 40 },
  { width: "50%", maxHeight: "40%" },
  { width: 20, minWidth: 30, margin: 2 },
  { width: 300 },
  { margin: { top: 1, right: 3, bottom: 2, left: 4 }, width: "25%" },
  { offsetX: 5, offsetY: -3, width: 30 },
  { row: 3, col: 7, width: 10 },
  { row: "25%", col: "100%", width: 12, maxHeight: 5 },
  { row: "oops" as `${number}%`, width: 10 },
]

test("overlayBox places overlays as pi-tui does", () => {
  // The method needs no terminal: only its two anchor helpers.
  const proto = TuiMainScreen.prototype as unknown as Record<string, (...a: unknown[]) => unknown>
  // A private method of pi-tui 1.6.0 (docs/patches.md): gone or renamed, the copy has nothing to follow.
  expect(typeof proto.resolveOverlayLayout).toBe("function")
  const pi = (o: OverlayLayout, h: number, w: number, t: number) => proto.resolveOverlayLayout!.call(proto, o, h, w, t)
  let checked = 0
  for (const base of CASES)
    for (const anchor of ANCHORS)
      for (const [h, w, t] of [
        [0, 90, 34],
        [9, 90, 34],
        [50, 120, 40],
        [3, 20, 10],
      ] as const) {
        const o = { ...base, anchor }
        const want = pi(o, h, w, t) as { width: number; row: number; col: number; maxHeight?: number }
        const got = overlayBox(o, h, w, t)
        expect({ o, h, w, t, ...got }).toEqual({ o, h, w, t, ...want })
        checked++
      }
  expect(checked).toBe(CASES.length * ANCHORS.length * 4)
})
