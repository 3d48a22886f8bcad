import { expect, test } from "bun:test"
import { viewport } from "../../extensions/ask-user/window/sketch/viewport"

const canvas = Array.from({ length: 6 }, (_, r) =>
  Array.from({ length: 80 }, (_, c) => String.fromCharCode(65 + ((r + c) % 26))).join(""),
)

test("the window is bounded on both axes, so every cell is reachable and nothing past the edges is", () => {
  const view = { width: 30, height: 4 }
  const start = viewport(canvas, 80, { x: 0, y: 0 }, view)
  expect(start.rows).toEqual(canvas.slice(0, 4).map((r) => r.slice(0, 30)))
  expect(start.max).toEqual({ x: 50, y: 2 })
  const far = viewport(canvas, 80, { x: 999, y: 999 }, view)
  expect(far.pan).toEqual({ x: 50, y: 2 })
  expect(far.rows).toEqual(canvas.slice(2, 6).map((r) => r.slice(50, 80)))
  expect(viewport(canvas, 80, { x: -5, y: -1 }, view).pan).toEqual({ x: 0, y: 0 })
})

test("a window larger than the canvas pads with blank rows and does not pan", () => {
  const out = viewport(["ab"], 80, { x: 3, y: 3 }, { width: 80, height: 3 })
  expect(out.pan).toEqual({ x: 0, y: 0 })
  expect(out.rows).toEqual(["ab".padEnd(80), " ".repeat(80), " ".repeat(80)])
})
