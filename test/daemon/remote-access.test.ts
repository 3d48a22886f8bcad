// Only the window's holder runs remote control: every `remote.*` request from a process the agent
// started (an untrusted peer) is refused before it reaches remote control, which then never loads;
// a window's connection reaches it. A real daemon server, real sockets; only the peer verdict is
// chosen per connection, as the kernel check would hand it over.
import { afterEach, expect, test } from "bun:test"
import { connectSocket } from "../../src/client/socket-client"
import type { PeerVerdict } from "../../src/daemon/peer"
import { startInProcessDaemon } from "./in-process-daemon"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("the agent's processes cannot start remote control, read its link, allow a device or revoke one", async () => {
  const warnings: string[] = []
  const verdicts: PeerVerdict[] = [
    { pid: 4242, trusted: false, reason: "peer 4242 was started by the agent" },
    { pid: 4343, trusted: true },
  ]
  const { socketPath } = startInProcessDaemon(
    {
      log: { info() {}, warn: (m) => void warnings.push(m), error() {} },
      loadHost: async () => (await import("../../src/runtime/hosting/host")).createHost({ log() {} }),
      judge: () => verdicts.shift()!,
    },
    cleanups,
  )
  const connect = () => connectSocket({ socketPath, heartbeatMs: 0, reconnect: false })
  const agent = await connect()
  cleanups.push(() => agent.close())
  const sessionId = "s-1"
  const calls = [
    agent.daemon("remote.start", { sessionId }),
    agent.daemon("remote.status", { sessionId }),
    agent.daemon("remote.decide", { sessionId, requestId: "r1", allow: true }),
    agent.daemon("remote.revoke", { sessionId, deviceId: "d1" }),
    agent.daemon("remote.stop", { sessionId }),
  ]
  for (const refusal of await Promise.all(calls.map((c) => c.catch((e) => e))))
    expect(refusal).toMatchObject({
      code: "refused",
      message: expect.stringContaining("peer 4242 was started by the agent"),
    })
  expect(warnings.filter((w) => w.includes("refused remote."))).toHaveLength(5)

  const window = await connect()
  cleanups.push(() => window.close())
  expect(await window.daemon("remote.status", { sessionId })).toMatchObject({ on: false, devices: [], requests: [] })
}, 30_000)
