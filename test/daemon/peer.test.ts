// The ancestry check behind the peer rule, on real processes: our children (even orphaned
// through a double fork, with us as subreaper) are descendants; we are not theirs.
import { expect, test } from "bun:test"
import { hasAncestor, parentPid } from "../../src/daemon/peer"

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
