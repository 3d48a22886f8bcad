// Default deny at run time: a method the schemas accept but the access table does not name
// (one added without an entry that got past the typecheck) is refused to a process the agent
// started, while a trusted window may still call it. A real daemon server and host, real sockets;
// only the peer verdict is chosen per connection, as the kernel check would hand it over.
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { connectSocket } from "../../src/client/socket-client"
import type { PeerVerdict } from "../../src/daemon/peer"
import { startDaemonServer } from "../../src/daemon/server"
import { ACCESS, MAX_FRAME_BYTES } from "../../src/protocol"
import { daemonPaths } from "../../src/util/daemon-paths"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("a schema method with no access entry is refused to the agent's processes, and only to them", async () => {
  const home = mkdtempSync(join(tmpdir(), "xagent-access-"))
  const warnings: string[] = []
  // "sessions.list" is in the schemas; this table, as if someone forgot it, has no entry for it.
  const { "sessions.list": _forgotten, ...access } = ACCESS
  const verdicts: PeerVerdict[] = [
    { pid: 4242, trusted: false, reason: "peer 4242 was started by the agent" },
    { pid: 4343, trusted: true },
  ]
  const server = startDaemonServer({
    paths: daemonPaths(home),
    log: { info() {}, warn: (m) => void warnings.push(m), error() {} },
    loadHost: async () => (await import("../../src/runtime/host")).createHost({ log() {} }),
    judge: () => verdicts.shift()!,
    access,
    idleMs: 60_000,
    lingerMs: 60_000,
    maxFrameBytes: MAX_FRAME_BYTES,
    outbox: { maxQueuedBytes: 1 << 20, stallMs: 60_000 },
    onStop() {},
  })
  cleanups.push(
    () => rmSync(home, { recursive: true, force: true }),
    () => server.shutdown("test over"),
  )
  const connect = () => connectSocket({ socketPath: daemonPaths(home).socket, heartbeatMs: 0, reconnect: false })
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
