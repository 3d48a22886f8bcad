// ctx.ui.setEditorText / pasteToEditor fill the window's prompt, in a real Pi session
// (handoff, qna, rpc-demo's /rpc-prefill once dropped their text with a warning toast).
import { afterEach, expect, test } from "bun:test"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

test("setEditorText replaces the draft, pasteToEditor inserts at the cursor, getEditorText reads it back", async () => {
  const read: string[] = []
  fx = await createFauxFixture({
    extensionFactories: [
      (pi: ExtensionAPI) => {
        pi.registerCommand("fill", { handler: async (_a, ctx) => ctx.ui.setEditorText("FILLED by the extension") })
        pi.registerCommand("paste", {
          handler: async (_a, ctx) => {
            ctx.ui.pasteToEditor(" and PASTED")
            read.push(ctx.ui.getEditorText())
          },
        })
      },
    ],
  })
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 90, height: 20 })
  await app.until("Ask anything")
  await fx.client.request("session.prompt", { sessionId, text: "/fill" })
  expect(await app.until("│ › FILLED by the extension")).toContain("│ › FILLED by the extension ")
  // a paste lands in the window's own draft, at the cursor, after what was typed
  await app.mockInput.typeText(" typed")
  await app.until("extension typed")
  await fx.client.request("session.prompt", { sessionId, text: "/paste" })
  expect(await app.until("typed and PASTED")).toContain("│ › FILLED by the extension typed and PASTED ")
  // the host knows only what an extension put there last
  expect(read).toEqual([""])
})
