// Whole-frame snapshots (text and colours) of the full-screen window at 120, 80 and 40 columns:
// the welcome, a reply with tool rows and a diff, and an open plan card. Update them on purpose with
// `node_modules/.bin/bun test --update-snapshots test/tui/snapshots` and read the diff.
import { afterEach, describe, expect, test } from "bun:test"
import type { TranscriptItem } from "../../../src/protocol"
import { FakeClient, item, snapshot } from "../../fixture/fake-client"
import { mountApp, type MountedApp } from "../../fixture/tui"
import { fixedWorld, settledFrame, WIDTHS } from "./frames"
import { REPLY_ITEMS } from "./scenes"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})
fixedWorld()

const PLAN: TranscriptItem = {
  kind: "custom",
  id: "c-1",
  customType: "plan",
  text: "Plan",
  details: {
    outcome: "plan_ready",
    title: "Add a flag",
    plan: "1. Read the config loader\n2. Add the --verbose flag to the parser\n3. Write the tests\n\n## Risks\n- The flag clashes with -v",
    path: "/proj/demo/.pi/plans/plan-1.md",
  },
  timestamp: 2,
}

async function mount(width: number, items: TranscriptItem[], client?: FakeClient) {
  app = await mountApp({ width, height: 30, client })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items }) })
  return app
}

describe.each(WIDTHS)("at %i columns", (width) => {
  test("the welcome", async () => {
    const a = await mount(width, [])
    expect(await settledFrame(a, (f) => f.includes("/help"))).toMatchSnapshot()
  })

  test("a reply with tool rows and a diff", async () => {
    const a = await mount(width, REPLY_ITEMS)
    // The code block's highlight (the keyword's colour) lands after its text.
    const frame = await settledFrame(a, (f) => f.includes("the tests pass") && f.includes("syntaxString"))
    expect(frame).toMatchSnapshot()
  })

  test("an open plan card", async () => {
    const client = new FakeClient()
    client.route("session.commands", () => ({ commands: [{ name: "plan", source: "extension" }] }))
    const a = await mount(width, [item.user("u1", "/plan add a verbose flag"), PLAN], client)
    expect(await settledFrame(a, (f) => f.includes("Keep planning"))).toMatchSnapshot()
  })
})
