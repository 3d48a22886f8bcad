// Runs xagent's own git, asynchronously: no program the repository's configuration, hooks or
// attributes name runs (see safe-git.ts), because this git runs outside the sandbox with the
// person's full rights while the agent can write inside the repository.
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { repoFilterOverrides, safeGitFlags, SAFE_GIT_ENV } from "./safe-git"

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
export async function safeGitRun(cwd: string, args: string[], opts: GitOptions = {}): Promise<GitResult> {
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
        // No exit code: git could not be started (ENOENT when it is not on PATH).
        if (code === undefined) return reject(err)
        resolve({ code, stdout, stderr })
      },
    )
    if (opts.input !== undefined) child.stdin?.end(opts.input)
  })
}
