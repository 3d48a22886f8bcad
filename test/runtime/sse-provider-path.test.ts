// The SSE wrapper sits on the path Pi's real providers take (a test through the SDK alone passes
// even when Pi fetches some other way): Pi's openai-completions provider, against a mock model
// that sends a long reply at full speed, streams through it, and with XAGENT_NO_SSE_CHUNKS=1 the
// same reply arrives with the wrapper never called.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import { runProbe } from "../fixture/probe"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"

const WORDS = 3000
let llm: MockLlm
let box: Sandbox
beforeAll(async () => {
  // tps 0: no pauses, so the host's reads hold many events each
  const long = { repeat: "word ", count: WORDS }
  llm = await startMockLlm({ turns: [long, long] }, { tps: 0 })
  box = makeSandbox()
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

const probe = (env: Record<string, string> = {}) =>
  runProbe<{ streams: number; cutReads: number; text: string }>([join(import.meta.dir, "fixtures", "sse-probe.ts")], {
    cwd: box.cwd,
    env: { ...box.env, ...env },
  })

test("Pi's openai-completions provider streams through the re-cut; switched off, it does not and still works", async () => {
  const on = await probe()
  expect(on.text.split("word ").length - 1).toBe(WORDS)
  expect(on.streams).toBe(1)
  expect(on.cutReads).toBeGreaterThan(0)

  const off = await probe({ XAGENT_NO_SSE_CHUNKS: "1" })
  expect(off.text).toBe(on.text)
  expect([off.streams, off.cutReads]).toEqual([0, 0])
}, 60_000)
