// The children's rows under the status line, as the window draws them from the session's info at
// 120, 80 and 40 columns: three rows then `+N more`, a narrow window cutting the title first, and a
// model-written title's escape sequences drawn as nothing.
import { afterEach, expect, test } from "bun:test"
import { sessionInfo, snapshot } from "../../../test/fixture/fake-client"
import { mountApp, type MountedApp } from "../../../test/fixture/tui"
import type { ChildState } from "../rules"
import { childState } from "../testing/child-state"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const STATUS = "Faux One · think medium"
const now = Date.now()
const child = (id: string, profile: string, title: string, over: Partial<ChildState> = {}) =>
  childState(id, profile, title, over, now)
const children = [
  child("c1", "explore", "Find where the session loader reads the config file"),
  child("c2", "general", "Fix the typo in the README\u001b]0;owned\u0007 heading"),
  child("c3", "plan", "Plan the migration", { status: "queued", startedAt: undefined }),
  child("c4", "general", "Fourth"),
  child("c5", "general", "Fifth"),
]

async function rowsAt(width: number, list: ChildState[] = children): Promise<string[]> {
  app = await mountApp({ width, height: 24 })
  const info = { ...sessionInfo(), extensions: { subagents: { children: list } } }
  await app.emit({ type: "snapshot", snapshot: snapshot({ info }) })
  const frame = await app.until((f) => f.includes("explore"))
  const rows = frame.split("\n")
  const status = rows.findIndex((r) => r.includes(STATUS.slice(0, 8)))
  expect(status).toBeGreaterThan(-1)
  return rows.slice(status + 1, status + 5).map((r) => r.trimEnd())
}

test("at 120 columns: three rows with profile, title and elapsed time, then +2 more", async () => {
  const rows = await rowsAt(120)
  expect(rows[0]).toMatch(/^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] explore {2}Find where the session loader reads the config file {2}1m 1\ds$/)
  expect(rows[1]).toMatch(/^ . general {2}Fix the typo in the README heading {2}1m 1\ds$/)
  expect(rows[2]).toBe(" ○ plan  Plan the migration  queued")
  expect(rows[3]).toBe("   +2 more · /subagents")
})

test("at 80 columns a long title still fits whole, within the width", async () => {
  const rows = await rowsAt(80)
  expect(rows[0]).toMatch(/^ . explore {2}Find where the session loader reads the config file {2}1m 1\ds$/)
  expect(rows[0]!.length).toBeLessThanOrEqual(80)
  expect(rows[3]).toBe("   +2 more · /subagents")
})

test("at 40 columns the title goes first: profile and time stay whole", async () => {
  const rows = await rowsAt(40)
  expect(rows[0]).toMatch(/^ . explore {2}Find where the ses… {2}1m 1\ds$/)
  expect(rows[0]!.length).toBeLessThanOrEqual(40)
  expect(rows[2]).toBe(" ○ plan  Plan the migration  queued")
  expect(rows[3]).toBe("   +2 more · /subagents")
})

test("no rows while no child runs", async () => {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({}) })
  const frame = await app.until((f) => f.includes(STATUS.slice(0, 8)))
  expect(frame).not.toContain("more")
  expect(frame).not.toContain("explore")
})
