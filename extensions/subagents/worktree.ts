// A child's managed worktree (`isolation: "worktree"`): made before it starts, and after it ends
// kept and handed back when it holds changes, removed when it holds none. The managed worktrees
// (src/worktree) belong to the CLI, which an extension may not import, so this runs the CLI's own
// `xagent worktree new --json` and `remove`: the worktree is in xagent's record like one made by
// `xagent -w`, listed by `xagent worktree list`, and pruned, handed off or removed as they are.
import { execFile } from "node:child_process"
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { safeGitRun } from "../../src/util/git-run"

/** The launcher beside this extension (the package ships both). */
const XAGENT = fileURLToPath(new URL("../../bin/xagent", import.meta.url))
/** Making one runs the repository's trusted setup script, which may install things. */
const CLI_MS = 10 * 60_000

export interface ChildWorktree {
  name: string
  path: string
  branch?: string
  /** The commit it started from: what its changes are counted against. */
  base: string
  /** The child's folder: the worktree's counterpart of the parent's (a subfolder stays one). */
  cwd: string
  /** Said in the result: an untrusted setup script that was not run. */
  note?: string
}

export type WorktreeEnd = { kept: true; stat: string } | { kept: false; removeError?: string }

function xagent(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(XAGENT, args, { cwd, timeout: CLI_MS, maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    ),
  )
}

const real = (p: string) => {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}

/** A new managed worktree of `cwd`'s repository from its HEAD; throws the CLI's reason. */
export async function openWorktree(cwd: string): Promise<ChildWorktree> {
  const made = await xagent(cwd, ["worktree", "new", "--json"])
  if (made.code !== 0) throw new Error((made.stderr.trim() || made.stdout.trim()).replace(/^xagent: /, ""))
  const { row, setup } = JSON.parse(made.stdout) as {
    row: { name: string; path: string; branch?: string }
    setup: { kind: string; script?: string; ok?: boolean }
  }
  const [top, head] = await Promise.all([
    safeGitRun(cwd, ["rev-parse", "--show-toplevel"]),
    safeGitRun(row.path, ["rev-parse", "HEAD"]),
  ])
  const sub = top.code === 0 ? relative(real(top.stdout.trim()), real(cwd)) : ""
  const inner = sub && !sub.startsWith("..") ? join(row.path, sub) : row.path
  const note =
    setup.kind === "untrusted"
      ? `its setup script ${setup.script} was not run (not trusted: 'xagent worktree trust ${row.name}')`
      : setup.kind === "ran" && !setup.ok
        ? `its setup script ${setup.script} failed`
        : undefined
  return {
    name: row.name,
    path: row.path,
    ...(row.branch ? { branch: row.branch } : {}),
    base: head.stdout.trim(),
    cwd: existsSync(inner) ? inner : row.path,
    ...(note ? { note } : {}),
  }
}

/**
 * What the child changed against its base, committed or not (new files too), as `git diff --stat`;
 * "" when nothing. Counted in a copy of the worktree's index, so the worktree is handed back as the
 * child left it.
 */
export async function changeStat(w: ChildWorktree): Promise<string> {
  const tmp = mkdtempSync(join(tmpdir(), "xagent-subagent-index-"))
  try {
    const index = join(tmp, "index")
    const own = await safeGitRun(w.path, ["rev-parse", "--git-path", "index"])
    const from = own.stdout.trim() && resolve(w.path, own.stdout.trim())
    if (own.code === 0 && from && existsSync(from)) copyFileSync(from, index)
    const env = { GIT_INDEX_FILE: index }
    const added = await safeGitRun(w.path, ["add", "-A"], { env })
    if (added.code !== 0) throw new Error(`git add in ${w.path}: ${added.stderr.trim()}`)
    const stat = await safeGitRun(w.path, ["diff", "--cached", "--stat", "--no-color", w.base], { env })
    if (stat.code !== 0) throw new Error(`git diff in ${w.path}: ${stat.stderr.trim()}`)
    const head = await safeGitRun(w.path, ["rev-parse", "HEAD"])
    // Commits whose changes cancel out are work too: the branch holds them.
    if (!stat.stdout.trim() && head.stdout.trim() !== w.base) return "(commits whose changes cancel out)"
    return stat.stdout.trimEnd()
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

/** Kept with its diff stat when the child changed something; otherwise removed. */
export async function closeWorktree(w: ChildWorktree, repoCwd: string): Promise<WorktreeEnd> {
  let stat: string
  try {
    stat = await changeStat(w)
  } catch (e) {
    // Unsure what it holds: keep it, never remove what may be work.
    return { kept: true, stat: `(not counted: ${(e as Error).message})` }
  }
  if (stat) return { kept: true, stat }
  // --no-snapshot: the CLI refuses rather than snapshot, should work appear since it was counted.
  const gone = await xagent(repoCwd, ["worktree", "remove", w.name, "--no-snapshot"])
  return gone.code === 0 ? { kept: false } : { kept: false, removeError: gone.stderr.trim() || gone.stdout.trim() }
}

/** The lines the tool's result ends with. */
export function worktreeLines(w: ChildWorktree, end: WorktreeEnd): string {
  const branch = w.branch ? ` on the branch ${w.branch}` : " (detached)"
  const note = w.note ? `\n(${w.note})` : ""
  if (end.kept)
    return (
      `Worktree ${w.name} kept at ${w.path}${branch}, with the child's changes:\n${end.stat}\n` +
      `(merge its branch, or 'xagent worktree handoff ${w.name} --to-main'; 'xagent worktree remove ${w.name}' when done)${note}`
    )
  if (end.removeError) return `Worktree ${w.name} at ${w.path}: no changes, but not removed: ${end.removeError}${note}`
  return `Worktree ${w.name}: no changes, removed.${note}`
}
