// Whole-frame snapshots (text and colours) of what opens over the session at 120, 80 and 40
// columns: the question dock with a sketch preview, and an extension's select and confirm dialogs.
// Update on purpose: `node_modules/.bin/bun test --update-snapshots test/tui/snapshots`.
import { afterEach, describe, expect, test } from "bun:test"
import { item, snapshot } from "../../fixture/fake-client"
import { mountApp, type MountedApp } from "../../fixture/tui"
import { LAYOUT } from "../question-dock-harness"
import { fixedWorld, settledFrame, WIDTHS } from "./frames"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})
fixedWorld()

async function mount(width: number) {
  app = await mountApp({ width, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [item.user("u1", "Sketch the settings page"), item.assistant("a1", "Two layouts fit.")],
    }),
  })
  return app
}

describe.each(WIDTHS)("at %i columns", (width) => {
  test("the question dock with a sketch", async () => {
    const a = await mount(width)
    await a.emit({ type: "ui_request", request: { id: "q1", kind: "ask_user", questions: [LAYOUT] } })
    expect(await settledFrame(a, (f) => f.includes("Which layout?") && f.includes("No sketch"))).toMatchSnapshot()
  })

  test("a select dialog", async () => {
    const a = await mount(width)
    await a.emit({
      type: "ui_request",
      request: { id: "r1", kind: "select", title: "Pick a colour", options: ["red", "green", "blue"] },
    })
    expect(await settledFrame(a, (f) => f.includes("Pick a colour") && f.includes("blue"))).toMatchSnapshot()
  })

  test("a confirm dialog", async () => {
    const a = await mount(width)
    await a.emit({
      type: "ui_request",
      request: { id: "r1", kind: "confirm", title: "Delete build/?", message: "12 files will be removed" },
    })
    expect(await settledFrame(a, (f) => f.includes("Delete build/?") && f.includes("12 files"))).toMatchSnapshot()
  })
})
