import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot, sessionInfo } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

// A session's name may come from a model (a provisional name), an extension's setSessionName or
// a file written elsewhere: the working line draws it as text, on one line.
test("the working line draws the session's name without its escape sequences or line breaks", async () => {
  app = await mountApp({ client: new FakeClient(), width: 100, height: 20 })
  await app.emit(
    {
      type: "snapshot",
      snapshot: snapshot({ info: sessionInfo({ name: "fix \u001b]0;pwned\u0007login\u001b[2J\nflow" }) }),
    },
    { type: "run", running: true, startedAt: Date.now() },
  )
  const frame = await app.until("Working (")
  const line = frame.split("\n").find((l) => l.includes("Working ("))!
  expect(line).toContain("– fix login flow")
  expect(frame).not.toContain("pwned")
})
