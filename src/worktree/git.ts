// Runs git for the managed worktrees, asynchronously (the window that asks stays responsive), and
// turns what can go wrong before any work into one clear message: git missing, or too old.
import { safeGitRun, type GitOptions, type GitResult } from "../util/git-run"

/** A problem the person can act on; its message is the whole explanation. */
export class WorktreeError extends Error {
  override name = "WorktreeError"
}

/** `git worktree remove` and `--porcelain -z` listings: older gits lack what this layer uses. */
export const MIN_GIT = [2, 17] as const

export type { GitOptions, GitResult } from "../util/git-run"

/**
 * Runs `git args` in `cwd`; a non-zero exit is returned, not thrown. No program the repository's
 * configuration or hooks name runs (see util/safe-git.ts): xagent's git runs outside the sandbox.
 */
export async function gitRun(cwd: string, args: string[], opts: GitOptions = {}): Promise<GitResult> {
  try {
    return await safeGitRun(cwd, args, opts)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new WorktreeError("git was not found on PATH: install git 2.17 or newer to use worktrees")
    throw err
  }
}

/** Runs git and returns its stdout; a failure throws with git's own words. */
export async function git(cwd: string, args: string[], opts: GitOptions = {}): Promise<string> {
  const r = await gitRun(cwd, args, opts)
  if (r.code !== 0) throw new WorktreeError(`git ${args[0]} failed: ${firstLines(r.stderr || r.stdout)}`)
  return r.stdout
}

export function firstLines(text: string, n = 3): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, n)
    .join("; ")
}

/** One check per git binary (XAGENT_GIT may name another). */
const checked = new Map<string, Promise<void>>()

/** Fails clearly when git is missing or older than MIN_GIT. */
export function checkGit(): Promise<void> {
  const bin = process.env.XAGENT_GIT || "git"
  const known = checked.get(bin)
  if (known) return known
  const check = (async () => {
    const r = await gitRun(process.cwd(), ["--version"])
    const m = /git version (\d+)\.(\d+)/.exec(r.stdout)
    if (!m) throw new WorktreeError(`could not tell git's version from "${r.stdout.trim()}"`)
    const [major, minor] = [Number(m[1]), Number(m[2])]
    if (major < MIN_GIT[0] || (major === MIN_GIT[0] && minor < MIN_GIT[1]))
      throw new WorktreeError(
        `git ${major}.${minor} is too old for worktrees: xagent needs git ${MIN_GIT.join(".")} or newer`,
      )
  })()
  checked.set(bin, check)
  // A failure is said again next time (git may have been installed meanwhile).
  check.catch(() => checked.delete(bin))
  return check
}
