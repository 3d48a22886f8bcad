// Pi's custom-provider-anthropic example needs `npm install` in its folder (@anthropic-ai/sdk, a
// network download) and a Claude Pro/Max sign-in to use. Without its package it cannot load, in
// pi or here: the window says so when the session opens, and the session works without it.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { PI_EXAMPLES } from "../fixture/pi-examples"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

test("custom-provider-anthropic: without its package the load failure is shown; the session goes on", async () => {
  fx = await createFauxFixture()
  const extensions = [`${PI_EXAMPLES}/custom-provider-anthropic`]
  app = await mountOnClient(
    fx.client,
    { kind: "open", params: { cwd: fx.cwd, mode: { kind: "new" }, extensions } },
    { width: 100, height: 30 },
  )
  const frame = await app.until("Failed to load extension")
  expect(frame).toContain("custom-provider-anthropic")
  fx.faux.setResponses([fauxAssistantMessage("Still answering.")])
  await app.submit("hi")
  await app.until("Still answering.")
})
