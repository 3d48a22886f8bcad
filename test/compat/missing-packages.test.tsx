// Two of Pi's examples need `npm install` in their own folder before they can load, a download this
// machine (and CI) does not make, and then a service that is not here:
// - custom-provider-anthropic: @anthropic-ai/sdk, then a Claude Pro/Max sign-in (paid);
// - gondolin: @earendil-works/gondolin (which fetches a VM image), then QEMU.
// Without their package they cannot load, in pi or here: the window says so when the session opens,
// and the session goes on with Pi's own tools and models.
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

for (const example of ["custom-provider-anthropic", "gondolin"])
  test(`${example}: without its package the load failure is shown; tools and replies work as without it`, async () => {
    fx = await createFauxFixture({ files: { "a.txt": "x\n" } })
    const extensions = [`${PI_EXAMPLES}/${example}`]
    app = await mountOnClient(
      fx.client,
      { kind: "open", params: { cwd: fx.cwd, mode: { kind: "new" }, extensions } },
      { width: 100, height: 30 },
    )
    const frame = await app.until("Failed to load extension")
    // the toast wraps the path where the checkout's own path length puts it: read it unwrapped
    expect(frame.replace(/[│\s]/g, "")).toContain(`examples/extensions/${example}`)
    fx.faux.setResponses([toolTurn("read", { path: "a.txt" }), fauxAssistantMessage("Still answering.")])
    await app.submit("read it")
    expect(await app.until("Still answering.")).toMatch(/✓ read/)
  })
