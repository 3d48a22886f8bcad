// session.usage (issue #12 feature 4, /usage): tokens and cost by model for the session, priced
// with the hosted Pi's model prices, and for today across the agent dir's session files.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }

function reply(provider: string, model: string, timestamp: number, usage: Record<string, number>, cost: number) {
  return JSON.stringify({
    type: "message",
    id: `m${timestamp}`,
    parentId: null,
    timestamp: new Date(timestamp).toISOString(),
    message: {
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
      provider,
      model,
      usage: { ...usage, totalTokens: 0, cost: { total: cost } },
      stopReason: "stop",
      timestamp,
    },
  })
}

test("usage sums this session's replies by model at the registry's prices, and today's across sessions", async () => {
  fx = await createFauxFixture({ models: [{ id: "faux-1", contextWindow: 200_000, cost: PRICES }] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("first answer"), fauxAssistantMessage("second answer")])
  await fx.client.request("session.prompt", { sessionId, text: "hello there" })
  await rec.waitFor((s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === 1)
  await fx.client.request("session.prompt", { sessionId, text: "and again" })
  await rec.waitFor((s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === 2)

  // What Pi stored for the two replies, to check the sums against.
  const file = rec.state!.info.file!
  const stored = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === "message" && e.message.role === "assistant")
    .map((e) => e.message.usage)
  expect(stored).toHaveLength(2)
  const sum = (k: string) => stored.reduce((n: number, u: Record<string, number>) => n + u[k]!, 0)
  const cost =
    (PRICES.input * sum("input") +
      PRICES.output * sum("output") +
      PRICES.cacheRead * sum("cacheRead") +
      PRICES.cacheWrite * sum("cacheWrite")) /
    1e6

  // Another folder's session: one reply from yesterday (not today) and one from today, on a model the
  // registry does not know (its recorded cost counts).
  const now = Date.now()
  const other = join(fx.agentDir, "sessions", "--elsewhere--")
  mkdirSync(other, { recursive: true })
  writeFileSync(
    join(other, "s.jsonl"),
    [
      JSON.stringify({ type: "session", version: 3, id: "other", timestamp: new Date(now).toISOString(), cwd: "/x" }),
      reply("acme", "big-1", now - 36 * 3600_000, { input: 1000, output: 1000, cacheRead: 0, cacheWrite: 0 }, 9),
      reply("acme", "big-1", now, { input: 200, output: 50, cacheRead: 10, cacheWrite: 5 }, 0.25),
    ].join("\n") + "\n",
  )

  const usage = await fx.client.request("session.usage", { sessionId })
  expect(usage.session.models.map((m) => m.model)).toEqual(["faux/faux-1"])
  expect(usage.session.total).toMatchObject({
    input: sum("input"),
    output: sum("output"),
    cacheRead: sum("cacheRead"),
    cacheWrite: sum("cacheWrite"),
    replies: 2,
  })
  expect(usage.session.total.cost).toBeCloseTo(cost, 10)
  expect(usage.today.sessions).toBe(2)
  // Most expensive first: the faux replies cost a fraction of a cent.
  expect(cost).toBeLessThan(0.25)
  expect(usage.today.models.map((m) => [m.model, m.replies])).toEqual([
    ["acme/big-1", 1],
    ["faux/faux-1", 2],
  ])
  const acme = usage.today.models.find((m) => m.model === "acme/big-1")!
  expect(acme).toMatchObject({ input: 200, output: 50, cacheRead: 10, cacheWrite: 5, cost: 0.25 })
  expect(usage.today.total.cost).toBeCloseTo(cost + 0.25, 10)
  expect(usage.context?.contextWindow).toBe(200_000)
})
