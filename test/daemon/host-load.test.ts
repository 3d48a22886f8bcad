// A session host that failed to load is tried again on the next request, so a daemon outlives a
// broken install that has been mended meanwhile (here the load at start and the one the first
// request makes fail on purpose).
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { connectSocket } from "../../src/client/socket-client"
import { startDaemonServer, type DaemonServer } from "../../src/daemon/server"
import { MAX_FRAME_BYTES } from "../../src/protocol"
import { daemonPaths } from "../../src/util/daemon-paths"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("a failed host load is reported to the window and retried by its next request", async () => {
  const home = mkdtempSync(join(tmpdir(), "xagent-hostload-"))
  const errors: string[] = []
  let attempts = 0
  const server: DaemonServer = startDaemonServer({
    paths: daemonPaths(home),
    log: { info() {}, warn() {}, error: (m) => void errors.push(m) },
    loadHost: async () => {
      if (++attempts <= 2) throw new Error("Cannot find module '@mariozechner/pi-coding-agent'")
      const { createHost } = await import("../../src/runtime/host")
      return createHost({ log() {} })
    },
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
  const win = await connectSocket({ socketPath: daemonPaths(home).socket, heartbeatMs: 0 })
  cleanups.push(() => win.close())

  await expect(win.request("sessions.list", {})).rejects.toThrow("Cannot find module '@mariozechner/pi-coding-agent'")
  expect(errors.join("\n")).toContain("session host failed to load")
  expect(await win.request("sessions.list", {})).toEqual({ sessions: [] })
  expect(attempts).toBe(3)
}, 30_000)
