// Where the socket goes when $XAGENT_HOME is too deep for a socket address: the user's private
// runtime folder when there is one, a per-user folder in the temp dir otherwise.
import { afterEach, expect, test } from "bun:test"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { daemonPaths } from "../../src/util/daemon-paths"

const saved = { XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR, XAGENT_SOCKET: process.env.XAGENT_SOCKET }
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

const deep = "/home/someone/" + "nested/".repeat(20) + ".xagent"

test("a home that fits keeps its socket in run/", () => {
  delete process.env.XAGENT_SOCKET
  expect(daemonPaths("/home/someone/.xagent").socket).toBe("/home/someone/.xagent/run/daemon.sock")
})

test("a deep home uses $XDG_RUNTIME_DIR/xagent, one socket per home", () => {
  delete process.env.XAGENT_SOCKET
  process.env.XDG_RUNTIME_DIR = "/run/user/1000"
  const a = daemonPaths(deep).socket
  expect(a).toMatch(/^\/run\/user\/1000\/xagent\/[0-9a-f]{16}\.sock$/)
  expect(daemonPaths(deep + "2").socket).not.toBe(a)
  expect(daemonPaths(deep).socket).toBe(a)
})

test("without a usable runtime folder, a per-user folder in the temp dir", () => {
  delete process.env.XAGENT_SOCKET
  for (const runtime of [undefined, "relative/dir", "/" + "r".repeat(100)]) {
    if (runtime === undefined) delete process.env.XDG_RUNTIME_DIR
    else process.env.XDG_RUNTIME_DIR = runtime
    expect(daemonPaths(deep).socket.startsWith(join(tmpdir(), `xagent-${process.getuid!()}`) + "/")).toBe(true)
  }
})
