// A worktree's whole working state as one commit: tracked changes and untracked files (not the
// ignored ones) over its HEAD, written through a private index so the worktree's own index, and
// what it staged, stay as they were. Snapshots before a removal, and every hand-off, use it.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { git, gitRun, firstLines, WorktreeError } from "./git"

/** xagent writes these commits itself: they need no identity of the person's. */
const IDENTITY = {
  GIT_AUTHOR_NAME: "xagent",
  GIT_AUTHOR_EMAIL: "xagent@localhost",
  GIT_COMMITTER_NAME: "xagent",
  GIT_COMMITTER_EMAIL: "xagent@localhost",
}

/** The commit of `path`'s working state, its parent HEAD. */
export async function stateCommit(path: string, message: string): Promise<{ commit: string; head: string }> {
  const dir = mkdtempSync(join(tmpdir(), "xagent-index-"))
  const env = { GIT_INDEX_FILE: join(dir, "index") }
  try {
    const head = (await git(path, ["rev-parse", "HEAD"])).trim()
    await git(path, ["read-tree", "HEAD"], { env })
    await git(path, ["add", "-A", "--", "."], { env })
    const tree = (await git(path, ["write-tree"], { env })).trim()
    const commit = (await git(path, ["commit-tree", tree, "-p", head, "-m", message], { env: IDENTITY })).trim()
    return { commit, head }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The binary diff from `from` to `to`, as `git apply` takes it. */
export function diffBetween(cwd: string, from: string, to: string): Promise<string> {
  return git(cwd, ["diff", "--binary", "--no-color", "--no-ext-diff", "--no-textconv", from, to])
}

export async function changedPaths(cwd: string, from: string, to: string): Promise<string[]> {
  const out = await git(cwd, ["diff", "--no-ext-diff", "--no-textconv", "--name-only", "-z", from, to])
  return out.split("\0").filter(Boolean)
}

/**
 * Applies `patch` to `cwd`'s working tree, or, when it does not apply cleanly, changes nothing
 * and throws with the files that stopped it and what to do.
 */
export async function applyOrExplain(cwd: string, patch: string, what: string): Promise<void> {
  if (!patch.trim()) return
  const check = await gitRun(cwd, ["apply", "--check", "--binary", "--whitespace=nowarn", "-"], { input: patch })
  if (check.code !== 0) {
    const files = [
      ...check.stderr.matchAll(
        /(?:patch failed|already exists in working directory|does not exist in index|No such file or directory): ?([^\n:]*)/g,
      ),
    ]
      .map((m) => m[1]!.trim())
      .filter(Boolean)
    const named = files.length ? [...new Set(files)].join(", ") : firstLines(check.stderr)
    throw new WorktreeError(
      `${what} stopped: the changes do not apply cleanly in ${cwd} (conflict in ${named}). ` +
        "Nothing was changed on either side: commit or stash the changes there, or merge the branch with git, then try again",
    )
  }
  await git(cwd, ["apply", "--binary", "--whitespace=nowarn", "-"], { input: patch })
}
