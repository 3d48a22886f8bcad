// /context's reading of a session file's branch: one run per prompt with the thinking level the
// file recorded before it and the models its replies name; each reply a request, sized by its
// usage or unmeasured; a compaction a mark, and a compaction after the last reply leaves the
// last request's figure stale, so it is not the window's.
import { expect, test } from "bun:test"
import { branchHistory } from "../../src/runtime/session/context-report"

const user = (text: string) => ({
  type: "message",
  timestamp: "2026-03-04T10:00:00.000Z",
  message: { role: "user", content: text },
})
const reply = (model: string, usage: Record<string, number>) => ({
  type: "message",
  message: { role: "assistant", provider: "p", model, content: [], usage },
})
const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }

test("runs, their recorded thinking and models; requests sized by usage, ? where none; compaction marks", () => {
  const h = branchHistory([
    { type: "model_change", provider: "p", modelId: "a" },
    user("first"),
    reply("a", { input: 100, output: 5, cacheRead: 20, cacheWrite: 3 }),
    reply("b", zero),
    { type: "thinking_level_change", thinkingLevel: "high" },
    user("second"),
    reply("b", { input: 300, output: 5, cacheRead: 0, cacheWrite: 0 }),
    { type: "compaction", tokensBefore: 400 },
  ])
  expect(h.runs).toEqual([
    { n: 1, prompt: "first", timestamp: Date.UTC(2026, 2, 4, 10), models: ["p/a", "p/b"] },
    { n: 2, prompt: "second", timestamp: Date.UTC(2026, 2, 4, 10), models: ["p/b"], thinking: "high" },
  ])
  expect(h.growth).toEqual([
    { kind: "request", n: 1, run: 1, model: "p/a", tokens: 123 },
    { kind: "request", n: 2, run: 1, model: "p/b" },
    { kind: "request", n: 3, run: 2, model: "p/b", tokens: 300 },
    { kind: "compaction", tokensBefore: 400 },
  ])
  expect(h.last).toMatchObject({ model: "p/b", compactedAfter: true })
})
