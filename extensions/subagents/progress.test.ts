// The child's progress as the agent tool's partial results: one line of its state, and a burst of
// changes (a child streaming fast) reported as the first and the latest, not one update each.
import { expect, test } from "bun:test"
import { progressReporter, progressText } from "./progress"
import type { ChildState } from "./rules"

const child = (patch: Partial<ChildState> = {}): ChildState => ({
  id: "c1",
  profile: "explore",
  title: "Find the loader",
  status: "running",
  depth: 1,
  queuedAt: 0,
  startedAt: 1_000,
  ...patch,
})

test("one plain line: profile, title, status and time, latest tool, tokens", () => {
  expect(progressText(child({ latestTool: "read", tokens: { input: 1234, output: 340 } }), 13_000)).toBe(
    "explore · Find the loader: running 12s · read · 1.2k in / 340 out",
  )
  expect(progressText(child({ status: "queued", startedAt: undefined }), 2_000)).toBe(
    "explore · Find the loader: waiting for a slot 2s",
  )
  // a title from the model cannot move the terminal's cursor or split the line
  expect(progressText(child({ title: "a\u001b[2Jb\nc" }), 1_000)).not.toMatch(/[\u001b\n]/)
})

test("a burst of changes sends the first at once and the latest after the interval; stop drops the rest", async () => {
  const sent: string[] = []
  const r = progressReporter((p) => sent.push((p.content[0] as { text: string }).text), 40)
  for (let i = 1; i <= 100; i++) r.change(child({ tokens: { input: 0, output: i } }))
  expect(sent).toHaveLength(1)
  expect(sent[0]).toContain("0 in / 1 out")
  await Bun.sleep(200)
  expect(sent).toHaveLength(2)
  expect(sent[1]).toContain("0 in / 100 out")
  r.change(child({ latestTool: "grep" }))
  r.change(child({ latestTool: "bash" }))
  r.stop()
  await Bun.sleep(200)
  expect(sent.length).toBeLessThanOrEqual(3)
  expect(sent.join("\n")).not.toContain("bash")
})
