// Slash words that are not commands: `/clear` starts a new session like
// `/new`; any other unknown `/word` is refused with a message instead of costing a turn; `//` and a
// path still reach the model as text.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function ready(client = new FakeClient()) {
  app = await mountApp({ width: 90, height: 30, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

test("/clear starts a new session, as /new does", async () => {
  const app = await ready()
  await app.submit("/clear")
  await app.until(() => app.client.calls("session.new").length > 0)
  expect(app.client.calls("session.new")).toEqual([{ sessionId: "s1" }])
  expect(app.client.calls("session.prompt")).toEqual([])
})

test("an unknown /word is refused with a message, stays in the composer, and nothing goes to the model", async () => {
  const app = await ready()
  await app.submit("/status")
  const frame = await app.until("Unknown command /status")
  expect(frame).toContain("/help")
  expect(frame).toContain("› /status")
  app.mockInput.pressKey("u", { ctrl: true })
  await app.submit("/undo the last change")
  await app.until("Unknown command /undo")
  await app.until("› /undo the last change")
  expect(app.client.calls("session.prompt")).toEqual([])
})

test("Enter on /free runs no command that only resembles it (the palette offers /compact for its description)", async () => {
  const app = await ready()
  await app.mockInput.typeText("/free")
  await app.until("/compact")
  app.mockInput.pressEnter()
  const frame = await app.until("Unknown command /free")
  expect(frame).toContain("› /free")
  expect(app.client.calls("session.compact")).toEqual([])
  // The word as typed, when it is a command's exact name, runs with the palette open.
  app.mockInput.pressKey("u", { ctrl: true })
  await app.mockInput.typeText("/compact")
  await app.until((f) => f.includes("› /compact"))
  app.mockInput.pressEnter()
  await app.until(() => app.client.calls("session.compact").length === 1)
})

test("// sends a literal slash message; a path at the start is plain text", async () => {
  const app = await ready()
  await app.submit("//status is what I typed")
  await app.submit("/usr/bin/env is missing")
  await app.until(() => app.client.calls("session.prompt").length === 2)
  expect(app.client.calls("session.prompt").map((p) => p.text)).toEqual([
    "/status is what I typed",
    "/usr/bin/env is missing",
  ])
})
