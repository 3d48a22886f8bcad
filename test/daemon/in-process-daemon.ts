// The daemon's socket server in the test's own process, on a throwaway home, with limits no test
// reaches: for tests that choose the host or the peer verdicts themselves. What undoes it goes
// into `cleanups`.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startDaemonServer, type DaemonServerOptions } from "../../src/daemon/server"
import { MAX_FRAME_BYTES } from "../../src/protocol"
import { daemonPaths } from "../../src/util/daemon-paths"

export function startInProcessDaemon(
  opts: Pick<DaemonServerOptions, "loadHost" | "log"> & Partial<DaemonServerOptions>,
  cleanups: (() => unknown)[],
): { socketPath: string } {
  const home = mkdtempSync(join(tmpdir(), "xagent-inproc-"))
  const server = startDaemonServer({
    paths: daemonPaths(home),
    idleMs: 60_000,
    lingerMs: 60_000,
    maxFrameBytes: MAX_FRAME_BYTES,
    outbox: { maxQueuedBytes: 1 << 20, stallMs: 60_000 },
    helloMs: 0,
    onStop() {},
    ...opts,
  })
  cleanups.push(
    () => rmSync(home, { recursive: true, force: true }),
    () => server.shutdown("test over"),
  )
  return { socketPath: daemonPaths(home).socket }
}
