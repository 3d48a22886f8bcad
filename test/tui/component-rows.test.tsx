// How the window draws a component's rows: SGR colours and styles become spans, anything else a
// row might carry (OSC titles, cursor moves, controls) is never drawn; who has the keys is said.
import { afterEach, expect, test } from "bun:test"
import { TextAttributes, type RGBA } from "@opentui/core"
import type { ComponentView } from "../../src/protocol"
import { sgrSpans } from "../../src/tui/util/sgr-spans"
import { styledText } from "../../src/common/terminal-text"
import { snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

/** A span colour as the #rrggbb the rows' SGR named. */
const hex = (c: RGBA) =>
  `#${((c.toInts()[0] << 16) | (c.toInts()[1] << 8) | c.toInts()[2]).toString(16).padStart(6, "0")}`

const view = (over: Partial<ComponentView>): ComponentView => ({
  id: "c1",
  slot: "inline",
  lines: [],
  width: 80,
  focusable: true,
  ...over,
})

function spanOf(a: MountedApp, text: string) {
  const span = a
    .captureSpans()
    .lines.flatMap((l) => l.spans)
    .find((s) => s.text.includes(text))
  if (!span) throw new Error(`no span holds ${text}`)
  return span
}

test("SGR in a row: 16, 256 and true colours, bold and inverse; other sequences are not drawn", async () => {
  app = await mountApp({ width: 80, height: 20 })
  const lines = [
    "\x1b[1m\x1b[34mBLUE-BOLD\x1b[0m plain",
    "\x1b[38;5;196mRED256\x1b[39m \x1b[38;2;10;200;30mGREEN-RGB\x1b[0m",
    "\x1b[7mINVERSE\x1b[27m\x1b]0;pwned\x07\x1b[2Jafter",
  ].map(styledText)
  await app.emit({ type: "snapshot", snapshot: snapshot({ ui: { ...snapshot().ui, components: [view({ lines })] } }) })
  const frame = await app.until("BLUE-BOLD")
  expect(frame).toContain("BLUE-BOLD plain")
  expect(frame).toContain("INVERSEafter")
  expect(frame).not.toContain("pwned")
  expect(frame).not.toContain("[2J")
  const blue = spanOf(app, "BLUE-BOLD")
  expect(hex(blue.fg)).toBe("#2472c8")
  expect(blue.attributes & TextAttributes.BOLD).toBeTruthy()
  expect(hex(spanOf(app, "RED256").fg)).toBe("#ff0000")
  expect(hex(spanOf(app, "GREEN-RGB").fg)).toBe("#0ac81e")
  expect(spanOf(app, "INVERSE").attributes & TextAttributes.INVERSE).toBeTruthy()
  // The inline component takes the composer's place.
  expect(frame).not.toContain("Ask anything")
})

test("a component another window has the keys of is shown, says so, and leaves this window's composer alone", async () => {
  app = await mountApp({ width: 80, height: 20 })
  const c = view({ lines: ["PICKER"], owner: "w-elsewhere" })
  await app.emit({ type: "snapshot", snapshot: snapshot({ ui: { ...snapshot().ui, components: [c] } }) })
  expect(await app.until("PICKER")).toContain("Another window is using this; its keys go there")
  await app.mockInput.typeText("x")
  await app.renderOnce()
  expect(app.client.calls("session.componentInput")).toEqual([])
  await app.emit({ type: "component_closed", id: "c1" })
  expect(await app.until((f) => !f.includes("PICKER"))).toContain("Ask anything")
})

test("keys go to the focused component as terminal bytes; the window's size is reported once", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit({ type: "component", component: view({ lines: ["PICKER"] }) })
  await app.until("PICKER")
  app.mockInput.pressArrow("down")
  await app.mockInput.typeText("q")
  app.mockInput.pressEscape()
  await app.renderOnce()
  await app.until(() => app!.client.calls("session.componentInput").length === 3)
  const calls = app.client.calls("session.componentInput")
  expect(calls.map((c) => c.data)).toEqual(["\x1b[B", "q", "\x1b"])
  expect(new Set(calls.map((c) => c.window)).size).toBe(1)
  expect(app.client.calls("session.componentResize").map(({ width, height }) => ({ width, height }))).toEqual([
    { width: 80, height: 20 },
  ])
})

test("sgrSpans: a reset clears the style; 22 ends bold and dim; unknown codes are ignored", () => {
  expect(sgrSpans("\x1b[1;2mA\x1b[22mB\x1b[0;31mC\x1b[99mD\x1b[mE")).toEqual([
    { bold: true, dim: true, text: "A" },
    { text: "B" },
    { fg: "#cd3131", text: "CD" },
    { text: "E" },
  ])
})

test("a row drawn again loses the styles it no longer has (a moving cursor, a cleared highlight)", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit({ type: "component", component: view({ lines: ["\x1b[7m\x1b[44mCELL\x1b[0m"] }) })
  await app.until("CELL")
  expect(spanOf(app, "CELL").attributes & TextAttributes.INVERSE).toBeTruthy()
  await app.emit({ type: "component_lines", id: "c1", lines: ["CELL"], width: 80 })
  await app.until(() => !(spanOf(app!, "CELL").attributes & TextAttributes.INVERSE))
  expect(hex(spanOf(app, "CELL").bg)).not.toBe("#2472c8")
})

test("an extension's editor gets typing, but the page keeps its own keys (Ctrl+T, Ctrl+O, PageUp)", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit({ type: "component", component: view({ slot: "editor", lines: ["EDITOR"] }) })
  await app.until("EDITOR")
  app.mockInput.pressKey("t", { ctrl: true })
  app.mockInput.pressKey("o", { ctrl: true })
  app.mockInput.pressKey("\x1b[5~")
  await app.mockInput.typeText("a")
  await app.until(() => app!.client.calls("session.componentInput").length > 0)
  await app.renderOnce()
  expect(app.client.calls("session.componentInput").map((c) => c.data)).toEqual(["a"])
})
