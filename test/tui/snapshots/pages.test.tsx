// Whole-frame snapshots (text and colours) of the session pages at 120, 80 and 40 columns: the
// saved sessions (`/resume`), the session tree (`/tree`) and /context's run details and context
// usage. The ages read the fixed clock.
// Update on purpose: `node_modules/.bin/bun test --update-snapshots test/tui/snapshots`.
import { afterEach, describe, expect, test } from "bun:test"
import type { SavedSession, TreeNode } from "../../../src/protocol"
import { FakeClient, snapshot } from "../../fixture/fake-client"
import { contextReport } from "../context-fixture"
import { mountApp, type MountedApp } from "../../fixture/tui"
import { fixedWorld, NOW, settledFrame, WIDTHS } from "./frames"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})
fixedWorld()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const SAVED: SavedSession[] = [
  {
    path: "/s/c.jsonl",
    id: "019a0001-cccc-7000-8000-000000000003",
    cwd: "/proj/demo",
    modified: NOW - 5 * MINUTE,
    messageCount: 40,
    firstMessage: "migrate the database to the new schema and keep the old columns readable",
    live: { sessionId: "s7", running: true, pendingQuestions: 1, windows: 0 },
  },
  {
    path: "/s/a.jsonl",
    id: "019a0001-aaaa-7000-8000-000000000001",
    name: "Fix login redirect",
    cwd: "/proj/demo",
    modified: NOW - 2 * HOUR,
    messageCount: 12,
    firstMessage: "the login page loops",
  },
  {
    path: "/s/f.jsonl",
    id: "019a0001-ffff-7000-8000-000000000004",
    name: "Fix login redirect",
    cwd: "/proj/demo",
    modified: NOW - 3 * HOUR,
    messageCount: 14,
    firstMessage: "the login page loops",
    forkOf: "019a0001-aaaa-7000-8000-000000000001",
  },
  {
    path: "/s/b.jsonl",
    id: "019a0001-bbbb-7000-8000-000000000002",
    cwd: "/proj/demo",
    modified: NOW - 30 * 24 * HOUR,
    messageCount: 3,
    firstMessage: "add dark mode to settings",
  },
]

const node = (id: string, parentId: string | null, role: string, text: string, onPath = false, isLeaf = false) =>
  ({ id, parentId, role, text, timestamp: NOW - 1000 * Number(id.slice(1)), onPath, isLeaf }) as TreeNode
const TREE = [
  node("n1", null, "user", "start the project", true),
  node("n2", "n1", "assistant", "done", true),
  node("n3", "n2", "user", "try approach A"),
  node("n4", "n3", "assistant", "A failed"),
  node("n5", "n2", "user", "try approach B", true),
  node("n6", "n5", "assistant", "B works", true, true),
]

async function mount(width: number) {
  const client = new FakeClient({
    "sessions.list": () => ({ sessions: SAVED }),
    "session.tree": () => ({ nodes: TREE }),
    "session.context": () => contextReport(),
  })
  app = await mountApp({ width, height: 30, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  return app
}

describe.each(WIDTHS)("at %i columns", (width) => {
  test("the sessions page (/resume)", async () => {
    const a = await mount(width)
    await a.submit("/resume")
    expect(await settledFrame(a, (f) => f.includes("add dark mode") && f.includes("Fix login"))).toMatchSnapshot()
  })

  test("the session tree (/tree)", async () => {
    const a = await mount(width)
    await a.submit("/tree")
    expect(await settledFrame(a, (f) => f.includes("B works") && f.includes("approach A"))).toMatchSnapshot()
  })

  test("/context: run details", async () => {
    const a = await mount(width)
    await a.submit("/context")
    expect(await settledFrame(a, (f) => f.includes("Run 3 of 3") && f.includes("MCP servers"))).toMatchSnapshot()
  })

  test("/context: context usage", async () => {
    const a = await mount(width)
    await a.submit("/context usage")
    expect(await settledFrame(a, (f) => f.includes("contributor") && f.includes("estimate"))).toMatchSnapshot()
  })
})
