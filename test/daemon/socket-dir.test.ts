// The socket's fallback folder in the shared temp dir is used only if it is a real
// folder of ours. A symlink someone put there is not followed (its target keeps its mode), and a
// folder another user made is refused, each with a message that says what to remove.
import { afterEach, expect, test } from "bun:test"
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startDaemonServer } from "../../src/daemon/server"
import { MAX_FRAME_BYTES } from "../../src/protocol"
import { daemonPaths } from "../../src/util/daemon-paths"

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function serveAt(socketDir: string) {
  const home = mkdtempSync(join(tmpdir(), "xagent-sockdir-home-"))
  dirs.push(home)
  const paths = { ...daemonPaths(home), socket: join(socketDir, "tag.sock") }
  const log = { info() {}, warn() {}, error() {} }
  return () =>
    startDaemonServer({
      paths,
      log,
      loadHost: () => Promise.reject(new Error("no host in this test")),
      idleMs: 60_000,
      lingerMs: 60_000,
      maxFrameBytes: MAX_FRAME_BYTES,
      outbox: { maxQueuedBytes: 1 << 20, stallMs: 60_000 },
      onStop() {},
    })
}

test("a symlink in place of the socket's folder is refused and its target left as it was", () => {
  const shared = mkdtempSync(join(tmpdir(), "xagent-shared-"))
  dirs.push(shared)
  const target = join(shared, "someone-elses")
  mkdirSync(target, { mode: 0o755 })
  const link = join(shared, "xagent-0")
  symlinkSync(target, link)
  expect(serveAt(link)).toThrow(`${link} is a symbolic link, not a folder of ours: remove it`)
  expect(statSync(target).mode & 0o777).toBe(0o755)
})

test("a folder another user made is refused; one of ours with a loose mode is made 0700", () => {
  const shared = mkdtempSync(join(tmpdir(), "xagent-shared-"))
  dirs.push(shared)
  const theirs = join(shared, "xagent-0")
  mkdirSync(theirs)
  chmodSync(theirs, 0o777)
  if (process.getuid?.() === 0) {
    chownSync(theirs, 65534, 65534)
    expect(serveAt(theirs)).toThrow(`${theirs} belongs to uid 65534, not to us`)
    expect(statSync(theirs).mode & 0o777).toBe(0o777)
  }
  const ours = join(shared, "ours")
  mkdirSync(ours, { mode: 0o755 })
  const server = serveAt(ours)()
  expect(statSync(ours).mode & 0o777).toBe(0o700)
  return server.shutdown("test over")
})
