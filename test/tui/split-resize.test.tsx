// The inline resize patch (src/tui/patches/split-resize.ts): where the old footer is after the
// terminal rewrapped it, from the terminal's cursor report or, without one, from how tmux resizes;
// and on a split-footer renderer, OpenTUI's own clear is replaced by one from there down.
import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { keepRowsOnResize, topByRewrap, topFromCursor, type OldFooter } from "../../src/tui/patches/split-resize"

// A 7-row footer drawn at 100 columns from terminal row 10: a blank row, then six full rows.
const old: OldFooter = {
  painted: [false, true, true, true, true, true, true],
  width: 100,
  top: 10,
  height: 7,
  cursor: { row: 4, col: 4 },
}

test("from the cursor report: the rows above the cursor, each as many rows as the new width makes of it", () => {
  // Narrower: a blank row stays one row, a drawn 100-column row becomes two at 80.
  expect(topFromCursor({ ...old, cursor: old.cursor! }, 11, 80)).toBe(11 - (1 + 3 * 2))
  // Wider: nothing rewraps.
  expect(topFromCursor({ ...old, cursor: old.cursor! }, 14, 120)).toBe(14 - 4)
  // A footer pushed partly into the history starts at the top of the screen, no higher.
  expect(topFromCursor({ ...old, cursor: old.cursor! }, 3, 40)).toBe(1)
})

test("without a report: the height first (rows below the cursor go), then the rewrap with the bottom kept", () => {
  // 30 rows to 24: the 6 rows go from the 14 blank ones below the footer; 8 blank stay below it.
  expect(topByRewrap(old, 30, 80, 24)).toBe(24 - (8 + 1 + 6 * 2) + 1)
  // A full screen, the footer at the bottom: one of the two rows below the cursor goes.
  expect(topByRewrap({ ...old, top: 24 }, 30, 100, 29)).toBe(29 - 6 + 1)
})

let destroy: (() => void) | undefined
afterEach(() => {
  destroy?.()
  delete process.env.XAGENT_NO_SPLIT_RESIZE
})

async function splitFooter() {
  const setup = await testRender(() => <text>footer</text>, {
    width: 100,
    height: 30,
    screenMode: "split-footer",
    externalOutputMode: "capture-stdout",
    footerHeight: 6,
  })
  destroy = () => setup.renderer.destroy()
  await setup.renderOnce()
  const r = setup.renderer as unknown as { writeOut(chunk: unknown, ...rest: unknown[]): unknown }
  const written: string[] = []
  const write = r.writeOut.bind(r)
  r.writeOut = (chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string") written.push(chunk)
    return write(chunk, ...rest)
  }
  return { setup, written }
}

const clears = (written: string[]) => written.filter((w) => /\x1b\[\d+;1H\x1b\[J/.test(w))

test("narrower: OpenTUI's clear is held back until the terminal is asked; switched off, it is written at once", async () => {
  process.env.XAGENT_NO_SPLIT_RESIZE = "1"
  const off = await splitFooter()
  keepRowsOnResize(off.setup.renderer)
  off.setup.renderer.resize(80, 30)
  expect(clears(off.written).length).toBe(1)
  off.setup.renderer.destroy()

  delete process.env.XAGENT_NO_SPLIT_RESIZE
  const on = await splitFooter()
  keepRowsOnResize(on.setup.renderer)
  on.setup.renderer.resize(80, 30)
  // No cursor on screen to ask about: the clear comes from the guess once the wait is over.
  expect(clears(on.written)).toEqual([])
  const end = Date.now() + 2000
  while (clears(on.written).length === 0 && Date.now() < end) await Bun.sleep(20)
  expect(clears(on.written).length).toBe(1)
})
