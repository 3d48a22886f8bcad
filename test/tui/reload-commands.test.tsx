// /reload brings in prompt templates, skills and extension commands written while the window runs:
// the palette offers them at once (the window asks the host for its commands again).
import { afterEach, expect, test } from "bun:test"
import type { CommandInfo } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

test("after /reload the palette offers a prompt template that was added meanwhile", async () => {
  const commands: CommandInfo[] = []
  const client = new FakeClient({
    "session.commands": () => ({ commands: structuredClone(commands) }),
    "session.reload": () => {
      commands.push({ name: "review", source: "prompt", description: "Review the change" })
      return {}
    },
  })
  app = await mountApp({ width: 80, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  await app.submit("/reload")
  await app.until("Reloaded extensions")
  await app.mockInput.typeText("/revi")
  const frame = await app.until("/review")
  expect(frame).toContain("/review  Review the change")
})
