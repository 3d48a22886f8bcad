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

test("on an agent's session, the commands it cannot serve are greyed last with the reason, and Enter on one says it and sends nothing", async () => {
  app = await mountApp({ width: 100, height: 30 })
  const first = snapshot()
  const engine = {
    agent: "Plain agent",
    offers: ["session.prompt", "session.models", "session.setThinking", "session.dequeue"],
  }
  await app.emit({ type: "snapshot", snapshot: { ...first, info: { ...first.info, engine } } })
  await app.until("› Ask anything")
  await app.mockInput.typeText("/co")
  let frame = await app.until("/compact")
  // /copy needs nothing of the session: offered first; /compact greyed after it, saying why.
  const lines = frame.split("\n")
  const copy = lines.findIndex((l) => l.includes("/copy "))
  const compact = lines.findIndex((l) => l.includes("/compact"))
  expect(copy).toBeGreaterThanOrEqual(0)
  expect(compact).toBeGreaterThan(copy)
  expect(lines[compact]).toContain("not on Plain agent")
  for (let i = 0; i < 3; i++) app.mockInput.pressBackspace()
  await app.mockInput.typeText("/compact")
  app.mockInput.pressEnter()
  frame = await app.until("/compact: not on Plain agent")
  expect(app.client.calls("session.compact")).toEqual([])
  // On a Pi session nothing is greyed.
  await app.emit({ type: "info", info: first.info })
  await app.mockInput.typeText("/compa")
  frame = await app.until((f) => f.includes("/compact  [instructions] · Summarise the conversation"))
  expect(frame.split("\n").find((l) => l.includes("› /compact"))).not.toContain("not on")
})
