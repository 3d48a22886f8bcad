// Whole-frame snapshots (text and colours) of inline mode at 120, 80 and 40 columns: the footer
// (live area, composer, status bar) while a reply streams and after it, and every row the window
// wrote to the terminal's scrollback for a reply with tool rows and a diff; the question dock with a
// sketch in the footer.
// Update on purpose: `node_modules/.bin/bun test --update-snapshots test/tui/snapshots`.
import { afterEach, describe, expect, test } from "bun:test"
import type { CapturedLine } from "@opentui/core"
import { item, snapshot } from "../../fixture/fake-client"
import { mountApp, type MountedApp } from "../../fixture/tui"
import { encodeFrame } from "./encode-frame"
import { fixedWorld, settledFrame, WIDTHS } from "./frames"
import { REPLY, REPLY_ITEMS } from "./scenes"
import { LAYOUT } from "../question-dock-harness"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})
fixedWorld()

/** Every row written above the footer, with its colours, in the order written. */
function recordScrollback(a: MountedApp) {
  const lines: CapturedLine[] = []
  a.renderer.on("external_output", (e: { snapshot: { getSpanLines(): CapturedLine[] } }) => {
    lines.push(...e.snapshot.getSpanLines())
  })
  return {
    text: () => lines.map((l) => l.spans.map((s) => s.text).join("")).join("\n"),
    encoded: (cols: number) => encodeFrame({ cols, rows: lines.length, cursor: [0, 0], lines }, { cursor: false }),
  }
}

describe.each(WIDTHS)("at %i columns", (width) => {
  test("a reply with tool rows: the footer while it streams and after, and the scrollback", async () => {
    const a = await mountApp({ width, height: 30, screen: "inline" })
    const scrollback = recordScrollback(a)
    // No working line: its spinner and clock would make the live frame differ run to run.
    await a.emit({
      type: "snapshot",
      snapshot: snapshot({ ui: { status: {}, widgets: {}, workingVisible: false, pending: [] } }),
    })
    const [user, ...tools] = REPLY_ITEMS.slice(0, 4)
    await a.emit({ type: "item_add", item: user! }, { type: "run", running: true })
    for (const tool of tools) await a.emit({ type: "item_add", item: tool })
    const half = "The flag is read in **two** places; I changed the parser"
    await a.emit(
      { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
      { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: half },
    )
    // The tool rows go up while the reply streams in the footer.
    const live = await settledFrame(a, (f) => f.includes("parser") && scrollback.text().includes("0 fail"))
    expect(live).toMatchSnapshot("footer while the reply streams")

    await a.emit({ type: "item_update", item: item.assistant("a1", REPLY) }, { type: "run", running: false })
    const done = await settledFrame(
      a,
      (f) => f.includes("Ask anything") && !f.includes("parser") && scrollback.text().includes("the tests pass"),
    )
    expect(done).toMatchSnapshot("footer after the reply")
    expect(scrollback.encoded(width)).toMatchSnapshot("scrollback")
  })

  test("the question dock with a sketch in the footer", async () => {
    const a = await mountApp({ width, height: 30, screen: "inline" })
    const scrollback = recordScrollback(a)
    await a.emit({
      type: "snapshot",
      snapshot: snapshot({
        items: [item.user("u1", "Sketch the settings page"), item.assistant("a1", "Two layouts fit.")],
      }),
    })
    await a.emit({ type: "ui_request", request: { id: "q1", kind: "ask_user", questions: [LAYOUT] } })
    const footer = await settledFrame(
      a,
      (f) => f.includes("Which layout?") && f.includes("No sketch") && scrollback.text().includes("Two layouts fit."),
    )
    expect(footer).toMatchSnapshot("footer")
    expect(scrollback.encoded(width)).toMatchSnapshot("scrollback")
  })
})
