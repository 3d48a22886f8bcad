// Real temporary git repositories for the worktree tests, and the service over them.
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs"
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

/** `dir` (made if need be) as a repository with one commit on `main`: `files` and nothing else. */
export function initRepo(dir: string, files: Record<string, string> = { "a.txt": "a\n" }): string {
  mkdirSync(dir, { recursive: true })
  sh(dir, "init", "-q", "-b", "main")
  sh(dir, "config", "user.name", "Test")
  sh(dir, "config", "user.email", "test@example.com")
  sh(dir, "config", "commit.gpgsign", "false")
  for (const [file, text] of Object.entries(files)) write(dir, file, text)
  sh(dir, "add", "-A")
  sh(dir, "commit", "-q", "-m", "first")
  return dir
}

const made: string[] = []

/** A repository in a folder named `name` (spaces and Unicode welcome); gone at `removeRepos()`. */
export function makeRepo(name = "repo"): { root: string; repo: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "xagent-wt-")))
  made.push(root)
  const repo = initRepo(join(root, name), { "a.txt": "one\ntwo\nthree\n", "src/b.txt": "bee\n" })
  return { root, repo, home: join(root, "xagent home") }
}

/** Every repository makeRepo made (a test file's afterAll). */
export function removeRepos(): void {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true })
}

export function service(cwd: string, home: string, live: Partial<LiveUse> = {}, now?: () => number) {
  return worktreeService({ cwd, home, live: async () => ({ sessionCwds: [], ...live }), now })
}

/** `git status --porcelain` of a checkout. */
export const status = (cwd: string) => sh(cwd, "status", "--porcelain", "--untracked-files=all")
