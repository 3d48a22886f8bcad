// The ancestry check behind the peer rule, on real processes: our children (even orphaned
// through a double fork, with us as subreaper) are descendants; we are not theirs. And the
// verdict on a real socket, on Linux and (the platform passed in) where the kernel offers no check.
import { expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hasAncestor, judgePeer, parentPid, type PeerVerdict } from "../../src/daemon/peer"

test("parentPid reads /proc, even for a process whose name holds spaces and parens", async () => {
  expect(parentPid(process.pid)).toBe(process.ppid)
  const child = Bun.spawn(["sh", "-c", "exec -a 'od d) (x' sleep 5"], { stdout: "ignore" })
  try {
    expect(parentPid(child.pid)).toBe(process.pid)
  } finally {
    child.kill()
  }
  expect(parentPid(2 ** 22 + 7)).toBeNull()
})

test("a child and its grandchild have us as ancestor; our parent does not; unknown pids are undecidable", async () => {
  const child = Bun.spawn(["sh", "-c", "sleep 5 & echo $!; wait"], { stdout: "pipe" })
  const reader = child.stdout.getReader()
  const grandchild = Number(new TextDecoder().decode((await reader.read()).value).trim())
  try {
    expect(hasAncestor(child.pid, process.pid)).toBe(true)
    expect(hasAncestor(grandchild, process.pid)).toBe(true)
    expect(hasAncestor(process.ppid, process.pid)).toBe(false)
    expect(hasAncestor(process.pid, child.pid)).toBe(false)
    expect(hasAncestor(2 ** 22 + 7, process.pid)).toBeNull()
  } finally {
    process.kill(grandchild)
    child.kill()
  }
})

/** judgePeer on the accepted end of a real Unix socket this process connects to. */
async function judgeOwnConnection(judge: (fd: number | undefined) => PeerVerdict): Promise<PeerVerdict> {
  const dir = mkdtempSync(join(tmpdir(), "xagent-peer-"))
  const verdict = Promise.withResolvers<PeerVerdict>()
  const server = Bun.listen({
    unix: join(dir, "s"),
    socket: { open: (s) => verdict.resolve(judge((s as unknown as { fd?: number }).fd)), data() {} },
  })
  const client = await Bun.connect({ unix: join(dir, "s"), socket: { data() {} } })
  try {
    return await verdict.promise
  } finally {
    client.end()
    server.stop(true)
    rmSync(dir, { recursive: true, force: true })
  }
}

test("off Linux a peer is never trusted: there is no kernel check to trust it by", async () => {
  for (const platform of ["darwin", "win32", "freebsd"] as const) {
    const verdict = await judgeOwnConnection((fd) => judgePeer(fd, process.pid, platform))
    expect(verdict).toEqual({ trusted: false, reason: `peer checks need Linux, and this is ${platform}` })
  }
})

test("on Linux the kernel's answer decides: a process the daemon did not start is trusted, its own child is not", async () => {
  const stranger = Bun.spawn(["sleep", "5"])
  try {
    // we are not a descendant of that process, as a window is not of the daemon
    expect(await judgeOwnConnection((fd) => judgePeer(fd, stranger.pid, "linux"))).toEqual({
      pid: process.pid,
      trusted: true,
    })
  } finally {
    stranger.kill()
  }
  expect(await judgeOwnConnection((fd) => judgePeer(fd, process.ppid, "linux"))).toEqual({
    pid: process.pid,
    trusted: false,
    reason: `peer ${process.pid} was started by the agent`,
  })
})
