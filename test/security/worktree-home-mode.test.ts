// Issue 26: `xagent worktree new` on a fresh home made `$XAGENT_HOME` (and its worktrees folder)
// 0755, where the daemon makes it 0700: another local user could list the state folder, the
// names of the managed worktrees and the repositories they belong to.
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { initRepo } from "../worktree/fixture"

const root = mkdtempSync(join(tmpdir(), "xagent-wt-mode-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test("xagent worktree new on a fresh home makes every folder of it owner-only", () => {
  const repo = initRepo(join(root, "repo"))
  const home = join(root, "fresh", "xagent")
  expect(existsSync(home)).toBe(false)
  const r = spawnSync(XAGENT_BIN, ["worktree", "new", "t1"], {
    cwd: repo,
    env: { ...process.env, XAGENT_HOME: home, PI_OFFLINE: "1" },
    encoding: "utf8",
    // with the usual umask (022) a folder made without a mode of its own is 0755
  })
  expect(r.stderr).toBe("")
  expect(r.status).toBe(0)
  expect(statSync(home).mode & 0o777).toBe(0o700)
  expect(statSync(join(home, "worktrees")).mode & 0o777).toBe(0o700)
})
