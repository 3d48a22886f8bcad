// /context's figures through a real daemon and session host on the scripted model: what each
// request sent is exactly what the provider's usage said (input + cache read + cache write), and
// a reply whose provider reported no usage is unmeasured (`tokens` unset, `sent` absent with the
// reason), never a figure made up. The runs are the branch's prompts with the model that answered.
import { afterAll, beforeAll, expect, test } from "bun:test"
import type { SocketClient } from "../../src/client/socket-client"
import { mountApp } from "../fixture/tui"
import { Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const FIRST = { input: 1200, cacheRead: 3400, cacheWrite: 560, output: 10 }
const THIRD = { input: 500, cacheRead: 9000, cacheWrite: 0, output: 5 }

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({
    turns: [
      { text: "first answer", usage: FIRST },
      { text: "second answer", usage: "none" },
      { text: "third answer", usage: THIRD },
    ],
  })
})
afterAll(() => d.cleanup())

async function prompt(c: SocketClient, rec: Recorder, sessionId: string, text: string, n: number) {
  await c.request("session.prompt", { sessionId, text })
  await rec.waitFor(replyDone(n), `reply ${n}`)
}

test("the report's figures are the usage the model reported, and unmeasured where it reported none", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)

  const empty = await c.request("session.context", { sessionId })
  expect(empty.runs).toEqual([])
  expect(empty.growth).toEqual([])
  expect(empty.usage.sent).toBeUndefined()
  expect(empty.usage.unmeasured).toBe("no request yet")

  await prompt(c, rec, sessionId, "one", 1)
  await prompt(c, rec, sessionId, "two", 2)
  const middle = await c.request("session.context", { sessionId })
  expect(middle.growth).toEqual([
    { kind: "request", n: 1, run: 1, model: "mockllm/mock-1", tokens: 1200 + 3400 + 560 },
    { kind: "request", n: 2, run: 2, model: "mockllm/mock-1" },
  ])
  expect(middle.usage.sent).toBeUndefined()
  expect(middle.usage.unmeasured).toBe("the provider reported no usage")

  await prompt(c, rec, sessionId, "three", 3)
  const r = await c.request("session.context", { sessionId })
  expect(r.usage.sent).toEqual({ input: 500, cacheRead: 9000, cacheWrite: 0, total: 9500, model: "mockllm/mock-1" })
  expect(r.usage.contextWindow).toBe(128000)
  expect(r.usage.reserve).toBeGreaterThan(0)
  expect(r.growth.map((g) => (g.kind === "request" ? g.tokens : "compaction"))).toEqual([5160, undefined, 9500])
  // No contributor is measured on its own: each is unset, with an estimate beside it.
  expect(r.usage.parts.map((p) => p.name)).toEqual([
    "system prompt",
    "tools' schemas",
    "context files",
    "skills",
    "messages",
    "tool results",
    "images",
    "summaries",
  ])
  expect(r.usage.parts.every((p) => p.tokens === undefined && p.estimate >= 0)).toBe(true)
  expect(r.usage.parts.find((p) => p.name === "system prompt")!.estimate).toBeGreaterThan(0)
  expect(r.runs.map((run) => [run.n, run.prompt, run.models])).toEqual([
    [1, "one", ["mockllm/mock-1"]],
    [2, "two", ["mockllm/mock-1"]],
    [3, "three", ["mockllm/mock-1"]],
  ])
  expect(r.current.model).toBe("mockllm/mock-1")
  expect(r.current.tools.length).toBeGreaterThan(0)

  // The window draws those figures: the measured total exactly, the unmeasured request as `?`.
  const app = await mountApp({
    width: 100,
    height: 40,
    client: await d.attach(),
    target: { kind: "attach", sessionId },
  })
  try {
    await app.until("third answer")
    await app.submit("/context usage")
    const usage = await app.until((f) => f.includes("contributor"))
    expect(usage).toMatch(/sent, last request\s+9,500/)
    expect(usage).toContain("sent = input 500 + cache read 9,000 + cache write 0")
    app.mockInput.pressTab()
    const growth = await app.until((f) => f.includes("3 requests"))
    expect(growth).toMatch(/ 1\s+1\s+5,160 /)
    expect(growth).toMatch(/ 2\s+2\s+\?/)
    expect(growth).toMatch(/ 3\s+3\s+9,500 /)
  } finally {
    app.renderer.destroy()
  }
})
