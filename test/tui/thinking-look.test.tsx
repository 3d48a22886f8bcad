// How folded thinking reads: an extension's label (ctx.ui.setHiddenThinkingLabel, Pi's
// hidden-thinking-label example) and Pi's hideThinkingBlock setting (the label only, no preview).
// (Both were once ignored.)
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { createUiBridge } from "../../src/runtime/extensions/ui-bridge"
import type { SessionEvent } from "../../src/protocol"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const thought = "HIDDENTHOUGHT about the build"
const reply = item.assistant("a1", "", {
  blocks: [
    { type: "thinking", text: thought },
    { type: "text", text: "done" },
  ],
})

test("an extension's label names folded thinking, open too; no label restores Thinking", async () => {
  app = await mountApp({ client: new FakeClient(), width: 80, height: 16 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [reply] }) })
  expect(await app.until("▸ Thinking")).toContain(`▸ Thinking ${thought}`)
  await app.emit({ type: "ui_thinking_label", label: "Pondering..." })
  expect(await app.until("▸ Pondering...")).toContain(`▸ Pondering... ${thought}`)
  app.mockInput.pressKey("t", { ctrl: true })
  expect(await app.until("▾ Pondering...")).toContain("▾ Pondering...")
  app.mockInput.pressKey("t", { ctrl: true })
  await app.emit({ type: "ui_thinking_label" })
  expect(await app.until("▸ Thinking")).not.toContain("Pondering")
})

test("hideThinkingBlock: the folded block shows its label only", async () => {
  app = await mountApp({ client: new FakeClient(), width: 80, height: 16 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [reply], info: sessionInfo({ hideThinking: true }) }),
  })
  const frame = await app.until("▸ Thinking")
  expect(frame).not.toContain("HIDDENTHOUGHT")
  await app.emit({ type: "info", info: sessionInfo({}) })
  expect(await app.until("HIDDENTHOUGHT")).toContain(`▸ Thinking ${thought}`)
})

test("the bridge sends the label, and an empty one as none", () => {
  const sent: SessionEvent[] = []
  const bridge = createUiBridge((e) => sent.push(e))
  bridge.context.setHiddenThinkingLabel("Pondering...")
  bridge.context.setHiddenThinkingLabel()
  bridge.context.setHiddenThinkingLabel("  ")
  expect(sent).toEqual([
    { type: "ui_thinking_label", label: "Pondering..." },
    { type: "ui_thinking_label" },
    { type: "ui_thinking_label" },
  ])
})

test("the session's info carries Pi's hideThinkingBlock and quietStartup; /settings changing one reaches the windows", async () => {
  const { createFauxFixture } = await import("../fixture/faux")
  const fx = await createFauxFixture({ settings: { hideThinkingBlock: true, quietStartup: true } })
  try {
    const { sessionId } = await fx.open()
    const rec = fx.record(sessionId)
    await rec.waitFor((s) => s.info.hideThinking === true && s.info.quietStartup === true, "both in the info")
    await fx.client.request("settings.set", { sessionId, key: "hideThinkingBlock", value: "off" })
    await rec.waitFor((s) => s.info.hideThinking === undefined, "the change")
  } finally {
    await fx.dispose()
  }
})

test("a folded thought longer than the row is cut with an ellipsis, full screen and inline", async () => {
  const long = "The user wants a demo of markdown. I will show headings, lists, code and a table to cover it all"
  const thinking = item.assistant("a1", "", {
    blocks: [
      { type: "thinking", text: long },
      { type: "text", text: "END" },
    ],
  })
  for (const screen of ["fullscreen", "inline"] as const) {
    app = await mountApp({ client: new FakeClient(), width: 60, height: 20, screen })
    await app.emit({ type: "snapshot", snapshot: snapshot({ items: [thinking] }) })
    // Inline, the row goes up to the scrollback: read what was written there.
    const row = async () => {
      if (screen === "fullscreen") return (await app!.until("▸ Thinking")).split("\n").find((l) => l.includes("▸"))!
      for (let i = 0; i < 400; i++) {
        const rows = app!.externalOutput.take().flatMap((c) => c.rows)
        const found = rows.find((r) => r.includes("▸"))
        if (found) return found
        await app!.renderOnce()
      }
      throw new Error("the thinking row was never written")
    }
    const line = (await row()).trimEnd()
    expect(line).toContain("▸ Thinking The user wants")
    expect(line.endsWith("…")).toBe(true)
    expect(line.length).toBeLessThanOrEqual(60)
    app.renderer.destroy()
    app = undefined
  }
})
