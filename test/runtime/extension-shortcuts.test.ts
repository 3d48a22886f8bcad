// The host's side of extension shortcuts (pi.registerShortcut): the session's info lists them,
// session.shortcut runs the handler with a context whose UI is the windows', and a throwing
// handler is reported, not fatal.
import { afterEach, expect, test } from "bun:test"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { ProtocolError } from "../../src/protocol"
import { createFauxFixture, saidOf, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("info lists the shortcuts; session.shortcut runs the handler; a broken one is reported", async () => {
  fx = await createFauxFixture({
    extensionFactories: [
      (pi: ExtensionAPI) => {
        pi.registerShortcut("ctrl+alt+p", {
          description: "Toggle plan mode",
          handler: (ctx) => ctx.ui.notify("SHORTCUT-FIRED", "info"),
        })
        pi.registerShortcut("shift+f2", {
          handler: () => {
            throw new Error("handler broke")
          },
        })
      },
    ],
  })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const opened = await rec.waitFor((s) => s.info.shortcuts !== undefined, "the info")
  expect(opened.info.shortcuts).toEqual([{ key: "ctrl+alt+p", description: "Toggle plan mode" }, { key: "shift+f2" }])
  await fx.client.request("session.shortcut", { sessionId, key: "ctrl+alt+p" })
  await rec.waitFor((_s, events) => saidOf(events).some((n) => n.message === "SHORTCUT-FIRED"), "the handler's notice")
  await fx.client.request("session.shortcut", { sessionId, key: "shift+f2" })
  await rec.waitFor(
    (s) =>
      s.items.some((i) => i.kind === "notice" && i.text.includes("Shortcut handler error (shift+f2): handler broke")),
    "the report",
  )
  const unknown = await fx.client.request("session.shortcut", { sessionId, key: "ctrl+q" }).catch((e) => e)
  expect(unknown).toBeInstanceOf(ProtocolError)
  expect((unknown as ProtocolError).message).toBe("No extension shortcut ctrl+q in this session")
})
