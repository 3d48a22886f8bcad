// A managed worktree lives in xagent's state folder ($XAGENT_HOME/worktrees/<repo>/<name>), which
// the sandbox hides. A session in one must still see and write its worktree, and commit (its git
// dir is in the main repository's .git), while xagent's state and the other worktrees stay hidden.
// Outside /tmp here, as ~/.xagent is: there the hidden folders are real mounts over the binds.
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { carveOut } from "../../src/runtime/sandbox/policy"
import { readRefusal } from "../../src/runtime/sandbox/read-guard"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"
import { worktreeService } from "../../src/worktree/service"
import { initRepo, sh } from "../worktree/fixture"

const root = mkdtempSync("/var/tmp/xagent-sbwt-")
const home = join(root, "xagent")
const main = join(root, "repo")
const sb = new SessionSandbox({ xagentHome: home, agentDir: join(root, "agent") })
afterAll(() => {
  sb.dispose()
  rmSync(root, { recursive: true, force: true })
})

test("carveOut denies a folder's other entries, level by level, down to the workspace", () => {
  mkdirSync(join(root, "c/state/worktrees/r/mine"), { recursive: true })
  mkdirSync(join(root, "c/state/worktrees/r/other"), { recursive: true })
  mkdirSync(join(root, "c/state/run"), { recursive: true })
  writeFileSync(join(root, "c/state/settings.json"), "{}")
  writeFileSync(join(root, "c/state/worktrees/r.json"), "{}")
  const c = (p: string) => join(root, "c", p)
  const got = carveOut([c("state")], [c("state/worktrees/r/mine")])
  expect({ folders: got.folders.sort(), files: got.files.sort() }).toEqual({
    folders: [c("state/run"), c("state/worktrees/r/other")],
    files: [c("state/settings.json"), c("state/worktrees/r.json")],
  })
  // a denied folder that holds no workspace is denied whole
  expect(carveOut([c("state")], [join(root, "elsewhere")])).toEqual({ folders: [c("state")], files: [] })
})

test("the agent's bash writes and commits in its worktree; the state and the sibling worktree stay hidden", async () => {
  initRepo(main)
  mkdirSync(join(home, "run"), { recursive: true })
  writeFileSync(join(home, "run", "daemon.lock"), '{"pid":1}')
  const s = worktreeService({ cwd: main, home, live: async () => ({ sessionCwds: [] }) })
  const mine = (await s.create({ name: "mine" })).row.path
  const other = (await s.create({ name: "other" })).row.path
  const never = async () => false
  const argv = (await sb.argv(
    mine,
    "bash",
    [
      "echo new > b.txt && git add b.txt && git commit -qm 'in the jail' && git log --format=%s -1",
      `cat "${home}/run/daemon.lock" 2>&1 | head -1`,
      `ls "${other}" | wc -l`,
      `cat "${home}/worktrees/"*.json 2>&1 | head -1`,
    ].join("; "),
    never,
  ))!
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: mine, encoding: "utf8" })
  const lines = (r.stdout + r.stderr).trim().split("\n")
  expect(lines[0]).toBe("in the jail")
  expect(lines[1]).not.toContain("pid")
  expect(lines[2]).toBe("0")
  expect(lines[3]).not.toContain(`"version"`)
  expect(sh(main, "log", "--format=%s", "-1", "xagent/mine").trim()).toBe("in the jail")
  // the host-side read tools: the worktree reads, the state and the sibling do not
  const denied = sb.readDenied(mine)!
  expect(await readRefusal(denied, join(mine, "a.txt"))).toBeUndefined()
  expect(await readRefusal(denied, join(other, "a.txt"))).toContain("Refused")
  expect(await readRefusal(denied, join(home, "run", "daemon.lock"))).toContain("Refused")
})
