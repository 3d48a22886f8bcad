// Pi's gondolin example runs the tools in a Gondolin micro-VM: it needs `npm install` in its folder
// (@earendil-works/gondolin, which fetches a VM image) and QEMU, none of which is here. Without its
// package it cannot load, in pi or here: the window says so and the session keeps Pi's own tools.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { toolTurn } from "../fixture/faux-session"
import { PI_EXAMPLES } from "../fixture/pi-examples"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

test("gondolin: without its package the load failure is shown; the tools run on the host as without it", async () => {
  fx = await createFauxFixture({ files: { "a.txt": "HOST-FILE\n" } })
  const extensions = [`${PI_EXAMPLES}/gondolin`]
  app = await mountOnClient(
    fx.client,
    { kind: "open", params: { cwd: fx.cwd, mode: { kind: "new" }, extensions } },
    { width: 100, height: 30 },
  )
  const frame = await app.until("Failed to load extension")
  expect(frame).toContain("gondolin")
  fx.faux.setResponses([toolTurn("read", { path: "a.txt" }), fauxAssistantMessage("Read on the host.")])
  await app.submit("read it")
  expect(await app.until("Read on the host.")).toMatch(/✓ read/)
})
