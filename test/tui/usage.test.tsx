// /usage and /cost (issue #12 feature 4): a dialog with tokens in/out/cache and cost by model for
// the session and for today, and the context in use; the status bar keeps its short form.
import { afterEach, expect, test } from "bun:test"
import type { Result } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const totals = (
  input: number,
  output: number,
  cacheRead: number,
  cacheWrite: number,
  cost: number,
  replies: number,
) => ({
  input,
  output,
  cacheRead,
  cacheWrite,
  cost,
  replies,
})

const USAGE: Result<"session.usage"> = {
  session: {
    models: [{ model: "anthropic/claude-sonnet-4-5", ...totals(78_000, 139, 12_000, 1_200, 0.2431, 3) }],
    total: totals(78_000, 139, 12_000, 1_200, 0.2431, 3),
  },
  today: {
    sessions: 2,
    models: [
      { model: "anthropic/claude-sonnet-4-5", ...totals(120_000, 2_000, 30_000, 4_000, 1.5, 9) },
      { model: "openai/gpt-5", ...totals(5_000, 800, 0, 0, 0.004, 1) },
    ],
    total: totals(125_000, 2_800, 30_000, 4_000, 1.504, 10),
  },
  context: { tokens: 23_000, contextWindow: 200_000, percent: 11.5 },
}

async function ready(usage: Result<"session.usage">, width: number, height: number) {
  app = await mountApp({ width, height, client: new FakeClient({ "session.usage": () => usage }) })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  return app
}

test("/usage opens a card of tokens and cost by model, for the session and today; /cost is the same", async () => {
  const app = await ready(USAGE, 90, 30)
  await app.submit("/usage")
  const frame = await app.until("Today (2 sessions)")
  expect(frame).toContain("This session · 3 replies")
  expect(frame).toMatch(/anthropic\/claude-sonnet-4-5\s+78k\s+139\s+12k\/1\.2k\s+\$0\.24/)
  expect(frame).toContain("context: 23k of 200k tokens (12%)")
  expect(frame).toMatch(/openai\/gpt-5\s+5\.0k\s+800\s+0\/0\s+\$0\.004/)
  expect(frame).toMatch(/total\s+125k\s+2\.8k\s+30k\/4\.0k\s+\$1\.50/)
  expect(app.client.calls("session.prompt")).toEqual([])
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Today (2 sessions)"))
  await app.submit("/cost")
  await app.until("Today (2 sessions)")
  expect(app.client.calls("session.usage")).toHaveLength(2)
})

test("with no replies yet the card says so", async () => {
  const none = totals(0, 0, 0, 0, 0, 0)
  const app = await ready(
    { session: { models: [], total: none }, today: { sessions: 0, models: [], total: none } },
    60,
    24,
  )
  await app.submit("/usage")
  const frame = await app.until("Today (0 sessions)")
  expect(frame).toContain("This session · 0 replies")
  expect(frame).toContain("no replies yet")
})
