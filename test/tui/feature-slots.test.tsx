// The session page's generic slots with a feature of the test's own (src/tui/slots): rows under the
// status line, and a dock that takes the composer's place for its request kind. The window names no
// feature, so one added to the list is drawn like a bundled one.
import { afterEach, beforeEach, expect, test } from "bun:test"
import type { UiRequest } from "../../src/protocol"
import { WINDOW_FEATURES } from "../../src/tui/features"
import type { WindowFeature } from "../../src/tui/slots/types"
import { snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
const STATUS = "Faux One · think medium"

const probe: WindowFeature = {
  name: "probe",
  docks: {
    // the request kinds are the wire's; a feature docks the one its host part asks with
    confirm: {
      view: (p) => (
        <text>{`probe dock: ${(p.request as Extract<UiRequest, { kind: "confirm" }>).title} (${p.width} cols)`}</text>
      ),
      waiting: "Waiting for the probe",
      escape: "Esc leaves the probe",
    },
  },
  session: (ctx) => ({
    rows: [{ placement: "belowStatus", view: () => <text>{`probe row: ${ctx.items().length} items`}</text> }],
  }),
}

const features = WINDOW_FEATURES as WindowFeature[]
beforeEach(() => void features.push(probe))
afterEach(() => {
  features.splice(features.indexOf(probe), 1)
  app?.renderer.destroy()
})

test("a feature's row is drawn under the status line, and steps aside with it while its dock is open", async () => {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({}) })
  const frame = await app.until("probe row: 0 items")
  const rows = frame.split("\n")
  const status = rows.findIndex((r) => r.includes(STATUS))
  expect(status).toBeGreaterThan(-1)
  expect(rows[status + 1]).toContain("probe row: 0 items")

  await app.emit({ type: "ui_request", request: { id: "c1", kind: "confirm", title: "Go on?", message: "m" } })
  const docked = await app.until("probe dock: Go on? (80 cols)")
  expect(docked).not.toContain("Ask anything")
  expect(docked).not.toContain(STATUS)
  expect(docked).not.toContain("probe row")

  await app.emit({ type: "ui_resolved", requestId: "c1" })
  const back = await app.until("probe row: 0 items")
  expect(back).toContain("Ask anything")
  expect(back).not.toContain("probe dock")
})
