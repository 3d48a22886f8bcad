// A model that answers with garbage instead of a stream: `-p` says so and exits 1, never 0.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { makeSandbox, writeAgentDir, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

let box: Sandbox
let server: ReturnType<typeof Bun.serve>
beforeAll(() => {
  box = makeSandbox()
  const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256)
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response(junk, { headers: { "content-type": "text/event-stream" } }),
  })
  writeAgentDir(box.agentDir, { baseUrl: `http://127.0.0.1:${server.port}/v1` })
})
afterAll(async () => {
  await server.stop(true)
  box.cleanup()
})

test("a binary body in place of the model's stream is an error: exit 1 with a message", async () => {
  const r = await runXagent(["-p", "hello"], box)
  expect(r.stdout).toBe("")
  // Pi 1.6's provider ends the garbage stream as an error of its own ("Stream ended without finish_reason").
  expect(r.stderr).toMatch(/error: .*(no reply|empty|unreadable|ended without)/i)
  expect(r.code).toBe(1)
}, 60_000)
