// Runs git for the managed worktrees, asynchronously (the window that asks stays responsive), and
// turns what can go wrong before any work into one clear message: git missing, or too old.
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { repoFilterOverrides, safeGitFlags, SAFE_GIT_ENV } from "../util/safe-git"

/** A problem the person can act on; its message is the whole explanation. */
export class WorktreeError extends Error {
  override name = "WorktreeError"
}

/** `git worktree remove` and `--porcelain -z` listings: older gits lack what this layer uses. */
export const MIN_GIT = [2, 17] as const

export interface GitResult {
  code: number
  stdout: string
  stderr: string
}

export interface GitOptions {
  env?: Record<string, string>
  input?: string
}

/**
 * Subcommands that never read work-tree files through a filter. Every other one is given the
 * overrides: `diff`, `ls-files -m`, `update-index`, `reset`, `read-tree -u` run a clean or smudge
 * filter too, but only when git cannot trust a file's stat (a "racily clean" file, written in the
 * same second as the index), so a list of the usual ones let a planted filter run now and then.
 */
const NEVER_FILTERING = new Set(["config", "rev-parse", "version", "--version"])

/**
 * Runs `git args` in `cwd`; a non-zero exit is returned, not thrown. No program the repository's
 * configuration or hooks name runs (see util/safe-git.ts): xagent's git runs outside the sandbox.
 */
export async function gitRun(cwd: string, args: string[], opts: GitOptions = {}): Promise<GitResult> {
  // Read again for each call (two quick gits): a filter planted between two calls is seen.
  const extra = NEVER_FILTERING.has(args[0] ?? "") ? [] : await repoFilters(cwd)
  return spawnGit(cwd, [...safeGitFlags(extra), ...args], opts)
}

/** The `-c` entries that switch off the content filters the repository's own config defines. */
async function repoFilters(cwd: string): Promise<string[]> {
  const [config, dirs] = await Promise.all([
    spawnGit(cwd, [...safeGitFlags(), "config", "--show-origin", "-z", "--get-regexp", "^filter\\."]),
    spawnGit(cwd, [...safeGitFlags(), "rev-parse", "--show-toplevel", "--git-common-dir"]),
  ])
  if (config.code !== 0) return []
  const roots =
    dirs.code === 0
      ? dirs.stdout
          .split("\n")
          .filter(Boolean)
          .map((d) => resolve(cwd, d))
      : []
  return repoFilterOverrides(config.stdout, roots)
}

function spawnGit(cwd: string, args: string[], opts: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.env.XAGENT_GIT || "git",
      args,
      {
        cwd,
        env: { ...process.env, ...opts.env, ...SAFE_GIT_ENV, LC_ALL: "C" },
        maxBuffer: 256 * 1024 * 1024,
        encoding: "utf8",
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : undefined) : 0
        if (code === undefined) {
          const errno = (err as NodeJS.ErrnoException).code
          if (errno === "ENOENT")
            return reject(new WorktreeError("git was not found on PATH: install git 2.17 or newer to use worktrees"))
          return reject(err)
        }
        resolve({ code, stdout, stderr })
      },
    )
    if (opts.input !== undefined) child.stdin?.end(opts.input)
  })
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
