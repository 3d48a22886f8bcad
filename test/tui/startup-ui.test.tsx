// What extensions show on session_start (a notify, a widget) reaches the window that opened the
// session, in a real Pi session: findings pi-drop-in repro 6 (claude-rules' "Found 1 rule(s)",
// event-bus' "Session started" were lost). Later notices stay toasts.
import { afterEach, expect, test } from "bun:test"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountApp, mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

const startupExtension = (pi: ExtensionAPI) => {
  pi.on("session_start", async (_e, ctx) => {
    ctx.ui.notify("STARTUP-NOTE from the extension", "info")
    ctx.ui.notify("STARTUP-WARNING from the extension", "warning")
    ctx.ui.setWidget("ub", ["STARTUP-WIDGET line"])
  })
  pi.registerCommand("later", { handler: async (_a, ctx) => ctx.ui.notify("LATER-NOTE", "info") })
}

test("a notify and a widget from session_start show in the window that opened the session", async () => {
  fx = await createFauxFixture({ extensionFactories: [startupExtension] })
  app = await mountOnClient(
    fx.client,
    { kind: "open", params: { cwd: fx.cwd, mode: { kind: "new" } } },
    { width: 100, height: 24 },
  )
  const frame = await app.until((f) => f.includes("STARTUP-NOTE") && f.includes("STARTUP-WIDGET"))
  expect(frame).toContain("STARTUP-NOTE from the extension")
  expect(frame).toContain("STARTUP-WARNING from the extension")
  expect(frame).toContain("STARTUP-WIDGET line")
})

test("a window attaching later sees them too; a notify after the open stays a toast", async () => {
  fx = await createFauxFixture({ extensionFactories: [startupExtension] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const s = await rec.waitFor((s) => s.items.length >= 2, "the startup notices")
  expect(s.items.map((i) => i.kind === "notice" && [i.level, i.text])).toEqual([
    ["info", "STARTUP-NOTE from the extension"],
    ["warning", "STARTUP-WARNING from the extension"],
  ])
  expect(s.ui.widgets.ub).toEqual({ lines: ["STARTUP-WIDGET line"], placement: "aboveEditor" })
  await fx.client.request("session.prompt", { sessionId, text: "/later" })
  const after = await rec.waitFor(
    (_s, events) => events.some((e) => e.event.type === "ui_notify" && e.event.message === "LATER-NOTE"),
    "the later toast",
  )
  expect(after.items).toHaveLength(2)
})

test("a notification sequence from the host is written to the window's terminal; nothing else is", async () => {
  const { FakeClient: Fake } = await import("../fixture/fake-client")
  const written: string[] = []
  app = await mountApp({ client: new Fake(), writeTerminal: (s) => written.push(s) })
  await app.emit(
    { type: "ui_terminal", sequence: "\u001b]777;notify;Pi;Ready\u0007" },
    { type: "ui_terminal", sequence: "\u001b]52;c;aGVsbG8=\u0007" },
  )
  expect(written).toEqual(["\u001b]777;notify;Pi;Ready\u0007"])
})
