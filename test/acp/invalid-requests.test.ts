// Requests that are not JSON-RPC 2.0 get JSON-RPC's invalid-request error under their own id,
// rather than no answer at all (the client would wait forever); the connection goes on.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { until } from "../daemon/harness"
import { startAcpBox, type AcpBox } from "./harness"

const SLOW = 90_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [] })
}, SLOW)
afterAll(() => box.cleanup())

type Line = { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string } }

test(
  'no "jsonrpc", or a method that is not text: -32600 with the request\'s id; a valid request after is served',
  async () => {
    const agent = box.rawAgent()
    const lines = agent.lines as Line[]
    const send = agent.send
    try {
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })
      await until(() => lines.some((l) => l.id === 1), "the initialize answer")
      send({ id: 8, method: "session/list", params: {} })
      send({ jsonrpc: "2.0", id: 7, method: 123 })
      send({ jsonrpc: "1.0", id: "x", method: "session/list", params: {} })
      send({ jsonrpc: "2.0", id: 9, method: "no/such/method", params: {} })
      const answer = (id: unknown) => until(() => lines.find((l) => l.id === id), `the answer to ${String(id)}`)
      for (const id of [8, 7, "x"]) {
        const a = await answer(id)
        expect(a.jsonrpc).toBe("2.0")
        expect(a.error?.code).toBe(-32600)
      }
      expect((await answer(8)).error?.message).toContain('"jsonrpc" must be "2.0"')
      expect((await answer(7)).error?.message).toContain('"method" must be text')
      expect((await answer(9)).error?.code).toBe(-32601)
    } finally {
      await agent.close()
    }
  },
  SLOW,
)
