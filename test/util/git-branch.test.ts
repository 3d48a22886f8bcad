import { expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gitBranch } from "../../src/util/git-branch"

test("the branch comes from .git/HEAD, from a subfolder too, and from a worktree's gitdir file", () => {
  const repo = mkdtempSync(join(tmpdir(), "xagent-branch-"))
  expect(Bun.spawnSync(["git", "init", "-q", "-b", "feature/x", repo]).exitCode).toBe(0)
  mkdirSync(join(repo, "src/deep"), { recursive: true })
  expect(gitBranch(repo)).toBe("feature/x")
  expect(gitBranch(join(repo, "src/deep"))).toBe("feature/x")

  const wt = mkdtempSync(join(tmpdir(), "xagent-wt-"))
  const gitdir = join(repo, ".git/worktrees/wt")
  mkdirSync(gitdir, { recursive: true })
  writeFileSync(join(gitdir, "HEAD"), "ref: refs/heads/side\n")
  writeFileSync(join(wt, ".git"), `gitdir: ${gitdir}\n`)
  expect(gitBranch(wt)).toBe("side")

  writeFileSync(join(gitdir, "HEAD"), "0123456789abcdef0123456789abcdef01234567\n")
  expect(gitBranch(wt)).toBe("0123456")
  expect(gitBranch(tmpdir())).toBeUndefined()
})
