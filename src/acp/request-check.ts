// The SDK hands on any JSON object and then drops one that is not a JSON-RPC 2.0 request (no
// "jsonrpc", a method that is not text) without an answer, so its client waits forever. Such a
// request is answered here with JSON-RPC's invalid-request error under its own id, and dropped.
import type * as acp from "@agentclientprotocol/sdk"

/** Why a message is a request xagent must refuse (undefined: a valid one, a notification or a response). */
export function invalidRequest(m: unknown): { id: string | number; why: string } | undefined {
  if (typeof m !== "object" || m === null || Array.isArray(m)) return undefined
  const r = m as Record<string, unknown>
  // A response, or a notification: neither is answered.
  if (!("method" in r) || (typeof r.id !== "string" && typeof r.id !== "number")) return undefined
  if (r.jsonrpc !== "2.0")
    return { id: r.id, why: `"jsonrpc" must be "2.0" (got ${JSON.stringify(r.jsonrpc ?? null)})` }
  if (typeof r.method !== "string") return { id: r.id, why: `"method" must be text` }
  return undefined
}

export function refuseInvalidRequests(
  stream: acp.Stream,
  refuse: (id: string | number, why: string) => void,
): acp.Stream {
  const check = new TransformStream<acp.AnyMessage, acp.AnyMessage>({
    transform(m, controller) {
      const bad = invalidRequest(m)
      if (bad) refuse(bad.id, bad.why)
      else controller.enqueue(m)
    },
  })
  return { writable: stream.writable, readable: stream.readable.pipeThrough(check) }
}
