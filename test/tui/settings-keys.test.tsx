// /settings, /hotkeys, Ctrl+P and /reload in the window, at 120 and 40 columns.
import { afterEach, expect, test } from "bun:test"
import type { SettingInfo } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function settingsClient() {
  const settings: SettingInfo[] = [
    {
      key: "autoCompact",
      label: "Auto-compact",
      description: "Summarise older messages",
      value: "on",
      options: ["on", "off"],
    },
    {
      key: "steeringMode",
      label: "Steering mode",
      description: "Steers at once",
      value: "one-at-a-time",
      options: ["all", "one-at-a-time"],
    },
  ]
  return new FakeClient({
    "settings.list": () => ({ settings: structuredClone(settings) }),
    "settings.set": (p) => {
      settings.find((s) => s.key === p.key)!.value = p.value
      return {}
    },
    "session.cycleModel": (p) => ({
      model: { provider: "faux", id: p.direction === "backward" ? "faux-1" : "faux-2" },
      scoped: true,
    }),
    "session.reload": () => ({}),
  })
}

async function ready(width: number) {
  app = await mountApp({ width, height: 30, client: settingsClient() })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

for (const width of [120, 40]) {
  test(`/settings at ${width} columns lists Pi's settings with values; Enter changes one through settings.set`, async () => {
    const app = await ready(width)
    await app.submit("/settings")
    const list = await app.until("Steering mode")
    expect(list).toContain("Settings")
    expect(list).toMatch(/Auto-compact.* on/)
    app.mockInput.pressArrow("down")
    app.mockInput.pressEnter()
    await app.until("one-at-a-time")
    app.mockInput.pressArrow("up")
    app.mockInput.pressEnter()
    await app.until(() => app.client.calls("settings.set").length === 1)
    expect(app.client.calls("settings.set")).toEqual([{ sessionId: "s1", key: "steeringMode", value: "all" }])
    const again = await app.until((f) => /Steering mode.* all/.test(f))
    expect(again).toContain("Steering mode: all")
  })

  test(`/hotkeys at ${width} columns lists the window's keys, Ctrl+P included`, async () => {
    const app = await ready(width)
    await app.submit("/hotkeys")
    const top = await app.until("Keys")
    expect(top).not.toContain("/compact")
    // The list is longer than 30 rows: page down to its end, where Ctrl+P and Ctrl+T are.
    for (let i = 0; i < 4; i++) app.mockInput.pressKey("\x1b[6~")
    const frame = await app.until("Ctrl+P")
    expect(frame).toContain("Ctrl+T")
  })

  test(`Ctrl+P at ${width} columns moves to the next scoped model; /reload reloads`, async () => {
    const app = await ready(width)
    app.mockInput.pressKey("p", { ctrl: true })
    await app.until("Model: faux/faux-2")
    // (Shift+Ctrl+P reaches the window only through the kitty keyboard protocol, which this mock terminal lacks.)
    expect(app.client.calls("session.cycleModel")).toEqual([{ sessionId: "s1", direction: "forward" }])
    await app.submit("/reload")
    await app.until("Reloaded extensions")
    expect(app.client.calls("session.reload")).toEqual([{ sessionId: "s1" }])
  })
}
