// What extensions show on session_start (a notify, a widget) reaches the window that opened the
// session, in a real Pi session (claude-rules' "Found 1 rule(s)",
// event-bus' "Session started" were once lost). Later ones are transcript lines too, as Pi writes them.
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
  // A command's notice after the open: a line under the others that stays, not a toast.
  await app.submit("/later")
  const later = await app.until("LATER-NOTE")
  expect(later).toMatch(/ℹ STARTUP-NOTE from the extension[\s\S]*⚠ STARTUP-WARNING[\s\S]*ℹ LATER-NOTE/)
})

test("a window attaching later sees them too; a notify after the open is a transcript line as well, as in Pi", async () => {
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
  const after = await rec.waitFor((s) => s.items.length === 3, "the later notice")
  expect(after.items[2]).toMatchObject({ kind: "notice", level: "info", text: "LATER-NOTE" })
  expect(rec.events.some((e) => e.event.type === "ui_notify")).toBe(false)
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
