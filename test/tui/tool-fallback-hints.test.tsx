// What Pi draws for an extension's tool beyond its renderers: the result's text when the tool
// draws only its call, and key hints (Pi's keyText/keyHint, imported or from the renderer's
// context) that name the window's keys, the person's keybindings.json included. A real session
// host (faux model) with an extension file of the test's own.
import { afterEach, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountApp, type MountedApp } from "../fixture/tui"

const EXTENSION = `
import { keyText } from "@earendil-works/pi-coding-agent"
import { Type } from "@earendil-works/pi-ai"
import { Text } from "@earendil-works/pi-tui"
export default function (pi) {
  pi.registerTool({
    name: "rc_only", label: "rc_only", description: "status", parameters: Type.Object({}),
    execute: async () => ({
      content: [{ type: "text", text: Array.from({ length: 14 }, (_, i) => "RESULT-" + (i + 1)).join("\\n") }],
      details: {},
    }),
    renderCall: (_args, _theme, ctx) =>
      new Text("rc_only call · Press " + keyText("app.tools.expand") + " for detail · (" + ctx.keyHint("app.thinking.toggle", "thinking") + ")", 0, 0),
  })
}
`

const fixtures: FauxFixture[] = []
const apps: MountedApp[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) a.renderer.destroy()
  for (const f of fixtures.splice(0)) await f.dispose()
})

async function open(keybindings?: Record<string, string>) {
  const fx = await createFauxFixture()
  fixtures.push(fx)
  if (keybindings) writeFileSync(join(fx.agentDir, "keybindings.json"), JSON.stringify(keybindings))
  const path = join(fx.cwd, "rc-only.ts")
  writeFileSync(path, EXTENSION)
  const { sessionId } = await fx.open({ kind: "new" }, { extensions: [path] })
  const app = await mountApp({ width: 100, height: 40, client: fx.client, target: { kind: "attach", sessionId } })
  apps.push(app)
  await app.until("Ask anything")
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("rc_only", {})], { stopReason: "toolUse" }),
    fauxAssistantMessage("done"),
  ])
  await app.submit("go")
  return app
}

test("a tool that draws its call but not its result shows the result's text under the call, as Pi does", async () => {
  const app = await open()
  const frame = await app.until("RESULT-10")
  expect(frame).toContain("rc_only call")
  expect(frame).toMatch(/^\s+RESULT-1\s*$/m)
  expect(frame).not.toContain("RESULT-11")
  expect(frame).toContain("... (4 more lines, ctrl+o to expand)")
  app.mockInput.pressKey("o", { ctrl: true })
  const open2 = await app.until("RESULT-14")
  expect(open2).not.toContain("more lines")
})

test("key hints name the window's keys: Pi's defaults, and the person's keybindings.json", async () => {
  const plain = await open()
  expect(await plain.until("rc_only call")).toContain("Press ctrl+o for detail · (ctrl+t thinking)")
  const moved = await open({ "app.tools.expand": "alt+o", "app.thinking.toggle": "alt+t" })
  const frame = await moved.until("RESULT-10")
  expect(frame).toContain("Press alt+o for detail · (alt+t thinking)")
  expect(frame).toContain("... (4 more lines, alt+o to expand)")
})
