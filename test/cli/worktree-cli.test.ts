// `xagent worktree …` through the real bin/xagent on a real temporary repository: every command,
// what it prints, and its exit code for a refusal.
import { afterAll, expect, test } from "bun:test"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"
import { makeRepo, sh, status, write } from "../worktree/fixture"

const { root, repo } = makeRepo("cli répo with space")
const box = makeSandbox()
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  box.cleanup()
})

const NOT_A_REPO = `${box.home} is not in a git repository: worktrees need one (run git init, or cd into one)`
const xagent = (...args: string[]) => runXagent(["worktree", ...args], { ...box, cwd: repo })

test("new, list, handoff both ways, branch, remove with a snapshot, restore, prune", async () => {
  const made = await xagent("new", "feat")
  expect(made.stderr).toBe("")
  const path = / at (\/.+)\n$/.exec(made.stdout)![1]!
  expect(made.stdout).toBe(`made worktree feat (xagent/feat) at ${path}\n`)
  expect(path.startsWith(join(box.xagentHome, "worktrees") + "/")).toBe(true)
  expect(status(repo)).toBe("")

  write(path, "a.txt", "one\ntwo\nthree\nfrom feat\n")
  const listed = await xagent("list")
  expect(listed.code).toBe(0)
  const lines = listed.stdout.split("\n")
  expect(lines[0]).toBe(`main checkout: ${repo} (main)`)
  expect(lines[1]).toMatch(/^NAME\s+BRANCH\s+BASE\s+AGE\s+CHANGED\s+\+\/-\s+IN USE\s+PATH$/)
  expect(lines[2]).toMatch(
    new RegExp(
      `^feat\\s+xagent/feat\\s+main@[0-9a-f]{7}\\s+0m\\s+1\\s+0\\s+-\\s+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
    ),
  )
  const json = JSON.parse((await xagent("list", "--json")).stdout)
  expect(json.worktrees[0]).toMatchObject({ name: "feat", changedFiles: 1 })
  expect(json.worktrees[0].inUse).toBeUndefined()

  expect((await xagent("handoff", "feat", "--to-main")).stdout).toBe(
    "handed off 1 file from feat to the main checkout: a.txt\n",
  )
  expect(status(repo)).toBe(" M a.txt\n")
  sh(repo, "checkout", "--", "a.txt")
  write(repo, "b.txt", "carried\n")
  expect((await xagent("handoff", "feat", "--from-main")).stdout).toBe(
    "handed off 1 file from the main checkout to feat: b.txt\n",
  )
  expect(readFileSync(join(path, "b.txt"), "utf8")).toBe("carried\n")
  const both = await xagent("handoff", "feat")
  expect([both.code, both.stderr]).toEqual([2, "xagent: handoff needs one direction: --to-main or --from-main\n"])

  const refused = await xagent("remove", "feat", "--no-snapshot")
  expect(refused.code).toBe(1)
  expect(refused.stderr).toStartWith(
    "xagent: 'feat' holds 2 changed file(s): removing it without a snapshot would lose them",
  )
  expect(existsSync(path)).toBe(true)
  const removed = await xagent("remove", "feat")
  expect(removed.stdout).toBe(
    "removed worktree feat (snapshot kept: 2 changed files, 0 commits; 'xagent worktree restore feat' brings it back)\n",
  )
  expect((await xagent("list")).stdout).toMatch(/\nsnapshot feat: 0m ago, 2 changed files, 0 commits\n$/)
  expect((await xagent("restore", "feat")).stdout).toBe(
    `restored worktree feat (xagent/feat, 2 changed files) at ${path}\n`,
  )
  expect(readFileSync(join(path, "b.txt"), "utf8")).toBe("carried\n")

  expect((await xagent("new", "loose", "--detach")).stdout).toMatch(/^made worktree loose \(detached [0-9a-f]{7}\) at /)
  expect((await xagent("branch", "loose", "topic")).stdout).toBe("worktree loose is on the new branch topic\n")
  expect((await xagent("new", "idle", "--permanent")).code).toBe(0)
  expect((await xagent("new", "spare")).code).toBe(0)
  expect((await xagent("prune")).stdout).toBe(
    "pruned: loose, spare\nkept feat: 2 uncommitted file(s)\nkept idle: permanent\n",
  )
  // fifteen runs of bin/xagent, each a Bun start: half a second apiece alone, several under load
}, 240_000)

test("refusals: a taken or invalid name, an unknown worktree, outside a repository", async () => {
  const taken = await xagent("new", "feat")
  expect([taken.code, taken.stderr]).toEqual([
    1,
    "xagent: the name 'feat' is taken: a managed worktree 'feat' exists; pick another name\n",
  ])
  const bad = await xagent("new", "no/slash")
  expect(bad.stderr).toContain("'no/slash' is not a worktree name")
  expect((await xagent("restore", "nothing")).stderr).toStartWith("xagent: no snapshot of 'nothing' to restore")
  const outside = await runXagent(["worktree", "list"], { ...box, cwd: box.home })
  expect([outside.code, outside.stderr]).toEqual([1, `xagent: ${NOT_A_REPO}\n`])
})

test("trust shows nothing to trust without a setup script, and runs a trusted one", async () => {
  expect((await xagent("trust", "feat", "--yes")).stderr).toBe("xagent: feat has no setup script to trust\n")
  write(repo, ".xagent/worktree-setup", "echo ran > .ran\n")
  sh(repo, "add", "-A")
  sh(repo, "commit", "-qm", "setup")
  // --json (what a subagent's worktree is made with): the row and the outcome, nothing asked or said.
  const json = await xagent("new", "quiet", "--json")
  expect([json.code, json.stderr]).toEqual([0, ""])
  const { row, setup } = JSON.parse(json.stdout)
  expect(row).toMatchObject({ name: "quiet", branch: "xagent/quiet", changedFiles: 0 })
  expect(setup).toMatchObject({ kind: "untrusted", script: ".xagent/worktree-setup" })
  expect(existsSync(join(row.path, ".ran"))).toBe(false)
  const made = await xagent("new", "withsetup")
  expect(made.stderr).toBe(
    "setup script .xagent/worktree-setup not run: it is not trusted yet ('xagent worktree trust withsetup' shows it and asks)\n",
  )
  const trusted = await xagent("trust", "withsetup", "--yes")
  expect(trusted.stdout).toBe("setup script .xagent/worktree-setup ran\n")
  const path = JSON.parse((await xagent("list", "--json")).stdout).worktrees.find(
    (w: { name: string }) => w.name === "withsetup",
  ).path
  expect(readFileSync(join(path, ".ran"), "utf8")).toBe("ran\n")
})

test("xagent -w outside a repository says so and starts nothing", async () => {
  const { code, stdout, stderr } = await runXagent(["-w", "feat", "-p", "hi"], { ...box, cwd: box.home })
  expect([code, stdout, stderr]).toEqual([1, "", `xagent: ${NOT_A_REPO}\n`])
})

test("git missing from PATH: one clear line, exit 1", async () => {
  const r = await runXagent(["worktree", "list"], { ...box, cwd: repo, env: { ...box.env, PATH: "/nonexistent" } })
  expect([r.code, r.stderr]).toEqual([
    1,
    "xagent: git was not found on PATH: install git 2.17 or newer to use worktrees\n",
  ])
})
