// /subagents, the roster, at 120, 80 and 40 columns: the main agent pinned first, the running and
// waiting children, then the ended ones newest first, two lines each (a model-written title's escape
// sequences drawn as nothing); typing filters; Esc goes back. Also in the palette as a built-in.
import { afterEach, describe, expect, test } from "bun:test"
import { sessionInfo, snapshot } from "../../../test/fixture/fake-client"
import { mountApp, type MountedApp } from "../../../test/fixture/tui"
import type { ChildState, SubagentsState } from "../rules"
import { childState } from "../testing/child-state"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const now = Date.now()
const child = (id: string, profile: string, title: string, over: Partial<ChildState> = {}) =>
  childState(id, profile, title, { model: "faux/faux-1", ...over }, now)
const STATE: SubagentsState = {
  children: [
    child("c3", "explore", "Find where the session loader reads the config file", {
      latestTool: "grep",
      tokens: { input: 1200, output: 340 },
    }),
    child("c4", "plan", "Plan the migration", { status: "queued", startedAt: undefined, model: undefined }),
  ],
  finished: [
    child("c1", "general", "Fix the typo in the README\u001b]0;owned\u0007 heading", {
      status: "done",
      endedAt: now - 60_000,
      effort: "high",
      tokens: { input: 3400, output: 900 },
    }),
    child("c2", "general", "Run the tests", { status: "failed", endedAt: now - 10_000 }),
  ],
}

async function roster(width: number): Promise<string> {
  app = await mountApp({ width, height: 40 })
  const info = { ...sessionInfo({ name: "Parser work" }), extensions: { subagents: STATE } }
  await app.emit({ type: "snapshot", snapshot: snapshot({ info }) })
  await app.until("Ask anything")
  await app.submit("/subagents")
  return app.until((f) => f.includes("Subagents") && f.includes("Filter:"))
}
const lines = (frame: string) => frame.split("\n").map((l) => l.trimEnd())
const lineWith = (frame: string, text: string) => lines(frame).findIndex((l) => l.includes(text))

describe.each([120, 80, 40])("at %i columns", (width) => {
  test("main first, then running and waiting, then ended newest first; two lines each", async () => {
    const frame = await roster(width)
    for (const l of lines(frame)) expect(l.length).toBeLessThanOrEqual(width)
    const main = lineWith(frame, "◆ main")
    const explore = lineWith(frame, " explore")
    const plan = lineWith(frame, "○ plan")
    const failed = lineWith(frame, "✗ general")
    const done = lineWith(frame, "✓ general")
    expect([main, explore, plan, failed, done].every((i) => i >= 0)).toBe(true)
    expect(main < explore && explore < plan && plan < failed && failed < done).toBe(true)
    expect(lines(frame)[main]).toContain("Parser work")
    expect(lines(frame)[main + 1]).toContain("faux/faux-1 · medium")
    // A narrow window cuts each line at its end: the start of the title and the model stay.
    if (width === 40) expect(lines(frame)[explore]).toMatch(/explore {2}Find where the session …$/)
    expect(frame).not.toContain("owned")
    if (width >= 80) {
      expect(lines(frame)[explore]).toContain("Find where the session loader reads the config file")
      expect(lines(frame)[explore + 1]).toMatch(/faux\/faux-1 · 1\.2k in \/ 340 out · 1m 1\ds · grep/)
      expect(lines(frame)[done + 1]).toContain("faux/faux-1 · high · 3.4k in / 900 out · 12s")
      expect(lines(frame)[plan + 1]).toContain("queued")
    }
  })
})

test("typing filters by profile, title or model; Backspace widens it again; Esc goes back", async () => {
  await roster(100)
  await app!.mockInput.typeText("typo")
  let frame = await app!.until((f) => f.includes("Filter: typo"))
  expect(frame).toContain("✓ general")
  expect(frame).not.toContain(" explore")
  expect(frame).toContain("◆ main")
  for (let i = 0; i < 4; i++) app!.mockInput.pressBackspace()
  frame = await app!.until((f) => f.includes("Filter: (type)"))
  expect(frame).toContain(" explore")
  app!.mockInput.pressEscape()
  await app!.until((f) => !f.includes("Filter:") && f.includes("Ask anything"))
})

test("Ctrl+X asks, naming the child, then sends its stop; No sends nothing; the row then says stopped", async () => {
  await roster(100)
  const stops = () => app!.client.calls("session.prompt").map((p) => p.text)
  // On the main agent there is nothing to stop: it says so and asks nothing.
  app!.mockInput.pressKey("x", { ctrl: true })
  await app!.until((f) => f.includes("Only a running or waiting"))
  expect(app!.frame()).not.toContain("Stop ")
  app!.mockInput.pressArrow("down")
  await app!.until((f) => f.includes("› ") && lines(f)[lineWith(f, "› ")]!.includes("explore"))
  app!.mockInput.pressKey("x", { ctrl: true })
  let frame = await app!.until((f) => f.includes("Stop explore · Find where the session loader"))
  expect(frame).toContain("its parent gets what it has done so far")
  // Ctrl+X typed no x into the filter.
  expect(frame).toContain("Filter: (type)")
  app!.mockInput.pressKey("n")
  await app!.until((f) => !f.includes("Stop explore"))
  expect(stops()).toEqual([])
  app!.mockInput.pressKey("x", { ctrl: true })
  await app!.until((f) => f.includes("Stop explore · Find where the session loader"))
  app!.mockInput.pressKey("y")
  await app!.until(() => stops().includes("/subagents:stop c3"))
  frame = await app!.until((f) => !f.includes("Stop explore"))
  expect(frame).toContain("Filter: (type)")
  // The host part moves it to the ended ones as stopped: its row says so.
  const [c3, c4] = STATE.children
  const after: SubagentsState = {
    children: [c4!],
    finished: [...STATE.finished!, { ...c3!, status: "stopped", endedAt: now }],
  }
  await app!.emit({ type: "info", info: { ...sessionInfo({ name: "Parser work" }), extensions: { subagents: after } } })
  frame = await app!.until((f) => f.includes("■ explore"))
  expect(lines(frame)[lineWith(frame, "■ explore") + 1]).toContain("stopped by you · faux/faux-1")
})
