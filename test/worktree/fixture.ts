// Real temporary git repositories for the worktree tests, and the service over them.
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { LiveUse } from "../../src/worktree/live"
import { worktreeService } from "../../src/worktree/service"

export function sh(cwd: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } })
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`)
  return r.stdout
}

export function write(dir: string, file: string, text: string) {
  mkdirSync(dirname(join(dir, file)), { recursive: true })
  writeFileSync(join(dir, file), text)
}

/** A repository with one commit on `main`, in a folder named `name` (spaces and Unicode welcome). */
export function makeRepo(name = "repo"): { root: string; repo: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "xagent-wt-")))
  const repo = join(root, name)
  mkdirSync(repo, { recursive: true })
  sh(repo, "init", "-q", "-b", "main")
  sh(repo, "config", "user.name", "Test")
  sh(repo, "config", "user.email", "test@example.com")
  sh(repo, "config", "commit.gpgsign", "false")
  write(repo, "a.txt", "one\ntwo\nthree\n")
  write(repo, "src/b.txt", "bee\n")
  sh(repo, "add", "-A")
  sh(repo, "commit", "-q", "-m", "first")
  return { root, repo, home: join(root, "xagent home") }
}

export function service(cwd: string, home: string, live: Partial<LiveUse> = {}, now?: () => number) {
  return worktreeService({ cwd, home, live: async () => ({ sessionCwds: [], ...live }), now })
}

/** `git status --porcelain` of a checkout. */
export const status = (cwd: string) => sh(cwd, "status", "--porcelain", "--untracked-files=all")
