// Default deny at run time: a method the schemas accept but the access table does not name
// (one added without an entry that got past the typecheck) is refused to a process the agent
// started, while a trusted window may still call it. A real daemon server and host, real sockets;
// only the peer verdict is chosen per connection, as the kernel check would hand it over.
import { afterEach, expect, test } from "bun:test"
import { connectSocket } from "../../src/client/socket-client"
import type { PeerVerdict } from "../../src/daemon/peer"
import { ACCESS } from "../../src/protocol"
import { startInProcessDaemon } from "./in-process-daemon"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("a schema method with no access entry is refused to the agent's processes, and only to them", async () => {
  const warnings: string[] = []
  // "sessions.list" is in the schemas; this table, as if someone forgot it, has no entry for it.
  const { "sessions.list": _forgotten, ...access } = ACCESS
  const verdicts: PeerVerdict[] = [
    { pid: 4242, trusted: false, reason: "peer 4242 was started by the agent" },
    { pid: 4343, trusted: true },
  ]
  const { socketPath } = startInProcessDaemon(
    {
      log: { info() {}, warn: (m) => void warnings.push(m), error() {} },
      loadHost: async () => (await import("../../src/runtime/hosting/host")).createHost({ log() {} }),
      judge: () => verdicts.shift()!,
      access,
    },
    cleanups,
  )
  const connect = () => connectSocket({ socketPath, heartbeatMs: 0, reconnect: false })
  const agent = await connect()
  cleanups.push(() => agent.close())

  const refusal = await agent.request("sessions.list", {}).catch((e) => e)
  expect(refusal).toMatchObject({
    code: "refused",
    message: "sessions.list refused: it has no access entry, and peer 4242 was started by the agent",
  })
  expect(warnings.join("\n")).toContain("refused sessions.list: it has no access entry")
  // what the table does call "read" still answers the same peer
  expect(await agent.request("auth.status", {})).toHaveProperty("providers")

  const window = await connect()
  cleanups.push(() => window.close())
  expect(await window.request("sessions.list", {})).toEqual({ sessions: [] })
}, 30_000)
