// An external ACP agent sends its slash commands when it likes (after its session opens, and
// again later): each list moves the session info's commandsRevision, and the window asks the host
// for the palette's commands again, so the agent's commands are offered as they come.
import { afterEach, expect, test } from "bun:test"
import type { CommandInfo } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

test("the agent's commands that come after the session opened are offered in the palette", async () => {
  const commands: CommandInfo[] = []
  const client = new FakeClient({ "session.commands": () => ({ commands: structuredClone(commands) }) })
  app = await mountApp({ width: 80, height: 24, client })
  const first = snapshot()
  await app.emit({ type: "snapshot", snapshot: first })
  await app.until("› Ask anything")
  commands.push({ name: "security-review", source: "prompt", description: "Review the pending changes" })
  await app.emit({ type: "info", info: { ...first.info, commandsRevision: 1 } })
  await app.mockInput.typeText("/secu")
  const frame = await app.until("/security-review")
  expect(frame).toContain("/security-review  Review the pending changes")
})
