// Two windows on one live session: when the other window starts a new session or switches to a
// saved one, this window follows it but says so, instead of changing under the person silently.
// Its own /new says nothing extra.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const NOTICE = "Another window switched"

test("a switch made in another window is announced", async () => {
  app = await mountApp({ width: 100, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "old talk")] }) })
  await app.until("old talk")
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ piSessionId: "pi-2" }) }) })
  expect(await app.until(NOTICE)).toContain(`${NOTICE} to a new session`)
})

test("this window's own /new is not announced as another's", async () => {
  const client = new FakeClient({
    // as the host does: the move is stamped with the window that asked for it
    "session.new": (p) => {
      const info = sessionInfo({ piSessionId: "pi-2", movedBy: p.window })
      client.emit({ type: "snapshot", snapshot: snapshot({ info }) })
      return {}
    },
  })
  app = await mountApp({ width: 100, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "old talk")] }) })
  await app.until("old talk")
  await app.submit("/new")
  await app.until((f) => !f.includes("old talk"))
  for (let i = 0; i < 3; i++) await app.renderOnce()
  expect(app.frame()).not.toContain(NOTICE)
  // a later switch by someone else still is
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ info: sessionInfo({ piSessionId: "pi-3", name: "bug hunt" }), items: [item.user("u9", "x")] }),
  })
  expect(await app.until(NOTICE)).toContain(`${NOTICE} to “bug hunt”`)
})
