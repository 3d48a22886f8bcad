// The session's name shows in the status bar, and /name opens on the current name to edit it.
import { afterEach, expect, test } from "bun:test"
import { sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

test("the name is in the status bar and /name starts from it", async () => {
  app = await mountApp({ width: 100, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ name: "my tour session" }) }) })
  const bar = (await app.until("Faux One")).split("\n").find((l) => l.includes("Faux One"))
  expect(bar).toContain("my tour session")
  await app.submit("/name")
  await app.until("Name this session")
  expect(app.frame()).toContain("│my tour session")
  await app.mockInput.typeText(" 2")
  app.mockInput.pressEnter()
  await app.until(() => app!.client.calls("session.setName").length > 0)
  expect(app.client.calls("session.setName")).toEqual([{ sessionId: "s1", name: "my tour session 2" }])
})
