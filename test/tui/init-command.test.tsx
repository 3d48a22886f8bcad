// `/init` (Claude Code's and Codex's): the model is asked to study the repository and write
// AGENTS.md, or improve the one there. The palette and /help offer it; a real Pi session on the
// faux model receives the request (the faux provider hands the test what the model was sent).
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountApp, mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
})

test("the palette and /help offer /init", async () => {
  app = await mountApp({ width: 110, height: 60, client: new FakeClient() })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  await app.mockInput.typeText("/ini")
  expect(await app.until("/init")).toContain("study the repository and write (or improve) AGENTS.md")
  app.mockInput.pressEscape()
  for (let i = 0; i < 4; i++) app.mockInput.pressBackspace()
  await app.submit("/help")
  expect(await app.until("Keys")).toContain("/init")
})

test("/init sends the model the request to write or improve AGENTS.md, with what the person adds", async () => {
  fx = await createFauxFixture({ files: { "README.md": "# demo\n" } })
  const asked: string[] = []
  fx.faux.setResponses([
    (ctx: { messages: { role: string; content: unknown }[] }) => {
      asked.push(JSON.stringify(ctx.messages.filter((m) => m.role === "user").at(-1)?.content))
      return fauxAssistantMessage("WROTEIT")
    },
  ])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 100, height: 40 })
  await app.submit("/init mention the release steps")
  const frame = await app.until("WROTEIT")
  expect(frame).toContain("Study this repository and write AGENTS.md")
  expect(asked).toHaveLength(1)
  expect(asked[0]).toContain("write AGENTS.md at its root")
  expect(asked[0]).toContain("If AGENTS.md already exists, read it and improve it")
  expect(asked[0]).toContain("Also: mention the release steps")
})
