// The working line as extensions shape it: ctx.ui.setWorkingIndicator's frames (an empty list
// hides the spinner, none restores xagent's), and a working message with colour codes drawn as
// its text (working-message-test once showed `[38;2;155;86;63m…`).
import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { createUiBridge } from "../../src/runtime/extensions/ui-bridge"
import type { SessionEvent } from "../../src/protocol"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const workingRow = (frame: string) => frame.split("\n").find((l) => /^ (\S+ )?Working/.test(l)) ?? ""

async function running() {
  app = await mountApp({ client: new FakeClient(), width: 80, height: 14 })
  await app.emit({ type: "snapshot", snapshot: snapshot() }, { type: "run", running: true, startedAt: Date.now() })
  await app.until("Working")
  return app
}

test("an extension's frames take the spinner's place; none restores it; an empty list hides it", async () => {
  const app = await running()
  await app.emit({ type: "ui_working_indicator", indicator: { frames: ["<*>", "<+>"], intervalMs: 80 } })
  expect(workingRow(await app.until((f) => /<[*+]> Working/.test(f)))).toMatch(/^ <[*+]> Working \(/)
  await app.emit({ type: "ui_working_indicator", indicator: { frames: [] } })
  expect(workingRow(await app.until((f) => /^ Working \(/m.test(f)))).toMatch(/^ Working \(/)
  await app.emit({ type: "ui_working_indicator" })
  expect(workingRow(await app.until((f) => /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working/.test(f)))).toMatch(/^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working/)
})

test("a working message with colour codes shows its text, not the codes", async () => {
  const app = await running()
  await app.emit({ type: "ui_working", message: "\u001b[38;2;155;86;63mWorking... (custom)\u001b[39m", visible: true })
  const row = workingRow(await app.until("Working... (custom)"))
  expect(row).not.toContain("[38;2")
  expect(row).not.toContain("[39m")
})

test("the bridge sends frames bounded, and no frames as xagent's own spinner", () => {
  const sent: SessionEvent[] = []
  const bridge = createUiBridge((e) => sent.push(e))
  bridge.context.setWorkingIndicator({ frames: ["a", "b"], intervalMs: 120 })
  bridge.context.setWorkingIndicator({ frames: [] })
  bridge.context.setWorkingIndicator()
  bridge.context.setWorkingIndicator({ frames: Array.from({ length: 100 }, () => "x".repeat(100)) })
  expect(sent.slice(0, 3)).toEqual([
    { type: "ui_working_indicator", indicator: { frames: ["a", "b"], intervalMs: 120 } },
    { type: "ui_working_indicator", indicator: { frames: [] } },
    { type: "ui_working_indicator" },
  ])
  const big = sent[3] as Extract<SessionEvent, { type: "ui_working_indicator" }>
  expect(big.indicator!.frames).toHaveLength(64)
  expect(big.indicator!.frames[0]).toHaveLength(64)
})
