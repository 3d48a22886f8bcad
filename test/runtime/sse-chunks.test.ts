// Event streams reach the provider SDKs in small line-aligned pieces (their SSE splitters copy the
// rest of a read after every event, so one large read would cost O(events²)), and nothing else
// about a response changes.
import { afterAll, expect, test } from "bun:test"
import OpenAI from "openai"
import {
  installSseRechunking,
  rechunkEventStream,
  splitAtLines,
  SSE_PIECE_BYTES,
} from "../../src/runtime/patches/sse-chunks"

const enc = new TextEncoder()
const dec = new TextDecoder()

test("pieces end at line ends, stay within the limit unless a line is longer, and rejoin to the input", () => {
  const events = Array.from({ length: 400 }, (_, i) => `data: {"n":${i},"text":"ünï ${"x".repeat(i % 90)}"}\n\n`)
  const bytes = enc.encode(events.join("") + `data: ${"y".repeat(5000)}\n\n` + "data: tail-without-newline")
  const pieces = splitAtLines(bytes)
  expect(pieces.length).toBeGreaterThan(10)
  for (const p of pieces.slice(0, -1)) expect(p[p.length - 1]).toBe(0x0a)
  const long = pieces.filter((p) => p.length > SSE_PIECE_BYTES)
  expect(long).toHaveLength(1)
  expect(dec.decode(long[0]!)).toContain("y".repeat(5000))
  expect(dec.decode(Buffer.concat(pieces))).toBe(dec.decode(bytes))
  expect(splitAtLines(enc.encode("short"))).toHaveLength(1)
})

test("only event streams are re-cut; status, headers and url stay", async () => {
  const body = "data: a\n\n".repeat(2000)
  const sse = new Response(body, { status: 201, statusText: "Made", headers: { "content-type": "text/event-stream" } })
  Object.defineProperty(sse, "url", { value: "http://x/v1" })
  const out = rechunkEventStream(sse)
  expect(out).not.toBe(sse)
  expect([out.status, out.statusText, out.url, out.headers.get("content-type")]).toEqual([
    201,
    "Made",
    "http://x/v1",
    "text/event-stream",
  ])
  const reader = out.body!.getReader()
  let text = ""
  let reads = 0
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    expect(r.value.length).toBeLessThanOrEqual(SSE_PIECE_BYTES)
    text += dec.decode(r.value)
    reads++
  }
  expect(text).toBe(body)
  expect(reads).toBeGreaterThanOrEqual(body.length / SSE_PIECE_BYTES)
  const json = new Response("{}", { headers: { "content-type": "application/json" } })
  expect(rechunkEventStream(json)).toBe(json)
})

const server = Bun.serve({
  port: 0,
  fetch() {
    // one write: the whole stream arrives in as few reads as the socket allows
    const chunks = Array.from({ length: 3000 }, (_, i) => ({
      id: "c",
      object: "chat.completion.chunk",
      created: 0,
      model: "m",
      choices: [{ index: 0, delta: { content: `w${i} ` }, finish_reason: null }],
    }))
    const sse = chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n"
    return new Response(sse, { headers: { "content-type": "text/event-stream" } })
  },
})
afterAll(() => server.stop(true))

test("the OpenAI SDK streaming through the wrapped fetch gets every event in order", async () => {
  installSseRechunking()
  installSseRechunking() // once is enough; twice changes nothing
  const client = new OpenAI({ apiKey: "k", baseURL: `http://127.0.0.1:${server.port}/v1` })
  const stream = await client.chat.completions.create({ model: "m", messages: [], stream: true })
  const words: string[] = []
  for await (const chunk of stream) words.push(chunk.choices[0]!.delta.content ?? "")
  expect(words).toHaveLength(3000)
  expect(words.join("")).toBe(Array.from({ length: 3000 }, (_, i) => `w${i} `).join(""))
})
