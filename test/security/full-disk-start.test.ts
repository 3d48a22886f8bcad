// Issue 26: with `$XAGENT_HOME` on a full disk, starting the daemon said "the xagent daemon exited
// with code 1:" and nothing more (its log, where it writes why, is on that full disk). The reason
// is found and said. A real full disk: a small tmpfs filled up (needs root to mount).
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeSandbox, XAGENT_BIN } from "../fixture/mockllm"

const ROOT = process.getuid?.() === 0
const box = makeSandbox()
const mount = mkdtempSync(join(tmpdir(), "xagent-full-home-"))
let mounted = false
afterAll(() => {
  if (mounted) spawnSync("umount", ["-l", mount])
  rmSync(mount, { recursive: true, force: true })
  box.cleanup()
})

test.skipIf(!ROOT)(
  "a full disk at start says why the daemon could not start",
  () => {
    mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount]).status === 0
    expect(mounted).toBe(true)
    const fd = openSync(join(mount, "filler"), "w")
    try {
      for (;;) writeSync(fd, Buffer.alloc(4096, 0x61))
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe("ENOSPC")
    } finally {
      closeSync(fd)
    }
    const r = spawnSync(XAGENT_BIN, ["daemon", "start"], {
      cwd: box.cwd,
      env: { ...box.env, XAGENT_HOME: mount },
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/ENOSPC|no space left/i)
  },
  90_000,
)
