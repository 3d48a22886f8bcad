// Making, removing and restoring one repository's managed worktrees, and keeping xagent's record
// of them. Every check that can refuse runs before anything changes on disk.
import { existsSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import type { SetupOutcome, SnapshotRow, WorktreeRow } from "../common/worktree"
import { git, gitRun, WorktreeError } from "./git"
import { inspectWorktree, refExists, type WorktreeState } from "./inspect"
import { usedBy, type LiveUse } from "./live"
import { BRANCH_PREFIX, checkName, generatedName } from "./names"
import { alive, readRecord, updateRecord, type RepoRecord, type SnapshotRecord, type WorktreeRecord } from "./record"
import { real, type Repo } from "./repo"
import { runSetupIfTrusted } from "./setup-script"
import { applyOrExplain, diffBetween, stateCommit } from "./snapshot"

export interface Ctx {
  repo: Repo
  live: LiveUse
  now: () => number
}

export const recordFile = (repo: Repo) => `${repo.home}.json`
export const worktreesHome = (repo: Repo) => dirname(repo.home)
export const read = (ctx: Ctx) => readRecord(recordFile(ctx.repo), ctx.repo.main)
export const update = <T>(ctx: Ctx, change: (r: RepoRecord) => T | Promise<T>) =>
  updateRecord(recordFile(ctx.repo), ctx.repo.main, change)

export function find(r: RepoRecord, name: string): WorktreeRecord {
  const w = r.worktrees.find((x) => x.name === name)
  if (!w) {
    const names = r.worktrees.map((x) => x.name)
    throw new WorktreeError(
      `no managed worktree '${name}'` + (names.length ? `; there are: ${names.join(", ")}` : "; there are none yet"),
    )
  }
  return w
}

export function toRow(w: WorktreeRecord, s: WorktreeState, live: LiveUse): WorktreeRow {
  return {
    name: w.name,
    path: w.path,
    branch: s.present ? s.branch : w.branch,
    head: s.head,
    base: w.base.slice(0, 7),
    baseRef: w.baseRef,
    createdAt: w.createdAt,
    lastUsedAt: w.lastUsedAt,
    permanent: w.permanent,
    changedFiles: s.changedFiles,
    ahead: s.ahead,
    behind: s.behind,
    unpushed: s.unpushed,
    inUse: usedBy(w, live),
    missing: !s.present,
  }
}

export const snapshotRow = (s: SnapshotRecord): SnapshotRow => ({
  name: s.name,
  takenAt: s.takenAt,
  changedFiles: s.changedFiles,
  unpushed: s.unpushed,
  branch: s.branch,
})

export const inspect = (w: WorktreeRecord) => inspectWorktree(w.path, w)

async function nameTaken(ctx: Ctx, r: RepoRecord, name: string): Promise<string | undefined> {
  if (r.worktrees.some((w) => w.name === name)) return `a managed worktree '${name}' exists`
  if (await refExists(ctx.repo.main, `refs/heads/${BRANCH_PREFIX}${name}`))
    return `the branch ${BRANCH_PREFIX}${name} exists`
  if (existsSync(join(ctx.repo.home, name))) return `${join(ctx.repo.home, name)} exists`
  return undefined
}

export async function create(
  ctx: Ctx,
  opts: { name?: string; permanent?: boolean; detach?: boolean },
): Promise<{ row: WorktreeRow; setup: SetupOutcome }> {
  const { repo } = ctx
  const head = await gitRun(repo.top, ["rev-parse", "--verify", "-q", "HEAD"])
  if (head.code !== 0)
    throw new WorktreeError(`${repo.main} has no commit yet: commit something first, worktrees branch from a commit`)
  const base = head.stdout.trim()
  const sym = await gitRun(repo.top, ["symbolic-ref", "-q", "--short", "HEAD"])
  const baseRef = sym.code === 0 ? sym.stdout.trim() : undefined
  const w = await update(ctx, async (r) => {
    const names = new Set(r.worktrees.map((x) => x.name))
    const name = opts.name === undefined ? generatedName((n) => names.has(n)) : checkName(opts.name)
    const taken = await nameTaken(ctx, r, name)
    if (taken) throw new WorktreeError(`the name '${name}' is taken: ${taken}; pick another name`)
    const path = join(repo.home, name)
    const branch = opts.detach ? undefined : `${BRANCH_PREFIX}${name}`
    mkdirSync(repo.home, { recursive: true, mode: 0o700 })
    const args = branch ? ["-b", branch, path, base] : ["--detach", path, base]
    await git(repo.main, ["worktree", "add", "--quiet", ...args])
    const now = ctx.now()
    const entry: WorktreeRecord = {
      name,
      path: real(path),
      branch,
      base,
      baseRef,
      permanent: !!opts.permanent,
      createdAt: now,
      lastUsedAt: now,
      holders: [],
    }
    r.worktrees.push(entry)
    return entry
  })
  const setup = await runSetupIfTrusted(worktreesHome(repo), repo.id, w.path, repo.main)
  return { row: toRow(w, await inspect(w), ctx.live), setup }
}

export function holdsWork(s: WorktreeState): boolean {
  return s.changedFiles > 0 || s.unpushed > 0
}

function workText(s: WorktreeState): string {
  const parts = []
  if (s.changedFiles) parts.push(`${s.changedFiles} changed file(s)`)
  if (s.unpushed) parts.push(`${s.unpushed} commit(s) found nowhere else`)
  return parts.join(" and ")
}

export async function remove(
  ctx: Ctx,
  name: string,
  opts: { snapshot?: boolean } = {},
): Promise<{ snapshot?: SnapshotRow }> {
  return update(ctx, async (r) => {
    const w = find(r, name)
    const who = usedBy(w, ctx.live)
    if (who) throw new WorktreeError(`'${name}' is in use by ${who}: it is never removed from under a session`)
    const s = await inspect(w)
    let snap: SnapshotRecord | undefined
    if (s.present && holdsWork(s)) {
      if (opts.snapshot === false)
        throw new WorktreeError(
          `'${name}' holds ${workText(s)}: removing it without a snapshot would lose them. ` +
            "Remove it with a snapshot (the default; restore brings it back), or hand the changes off first",
        )
      const at = ctx.now()
      const { commit, head } = await stateCommit(w.path, `xagent snapshot of worktree ${name}`)
      const ref = `refs/xagent/snapshots/${name}/${at}`
      await git(ctx.repo.main, ["update-ref", ref, commit])
      snap = {
        name,
        ref,
        head,
        branch: s.branch ?? w.branch,
        base: w.base,
        baseRef: w.baseRef,
        permanent: w.permanent,
        takenAt: at,
        changedFiles: s.changedFiles,
        unpushed: s.unpushed,
      }
      r.snapshots.push(snap)
    }
    await drop(ctx, w, s)
    r.worktrees = r.worktrees.filter((x) => x !== w)
    return { snapshot: snap && snapshotRow(snap) }
  })
}

/** Takes the worktree's folder and its xagent branch away (its work is safe or was none). */
export async function drop(ctx: Ctx, w: WorktreeRecord, s: WorktreeState): Promise<void> {
  if (s.present) await git(ctx.repo.main, ["worktree", "remove", "--force", w.path])
  else await gitRun(ctx.repo.main, ["worktree", "prune"])
  const branches = new Set([w.branch, s.branch].filter((b): b is string => !!b?.startsWith(BRANCH_PREFIX)))
  for (const b of branches) await gitRun(ctx.repo.main, ["branch", "-D", "--quiet", b])
}

export async function restore(ctx: Ctx, name: string): Promise<WorktreeRow> {
  const w = await update(ctx, async (r) => {
    const snaps = r.snapshots.filter((s) => s.name === name).sort((a, b) => b.takenAt - a.takenAt)
    const snap = snaps[0]
    if (!snap)
      throw new WorktreeError(
        `no snapshot of '${name}' to restore` +
          (r.snapshots.length
            ? `; there are snapshots of: ${[...new Set(r.snapshots.map((s) => s.name))].join(", ")}`
            : ""),
      )
    const taken = await nameTaken(ctx, r, name)
    if (taken) throw new WorktreeError(`cannot restore '${name}': ${taken}; remove that first`)
    const path = join(ctx.repo.home, name)
    mkdirSync(ctx.repo.home, { recursive: true, mode: 0o700 })
    const args = snap.branch ? ["-b", snap.branch, path, snap.head] : ["--detach", path, snap.head]
    await git(ctx.repo.main, ["worktree", "add", "--quiet", ...args])
    try {
      const commit = (await git(ctx.repo.main, ["rev-parse", snap.ref])).trim()
      await applyOrExplain(path, await diffBetween(path, snap.head, commit), `Restoring '${name}'`)
    } catch (e) {
      // the snapshot stays; the half-made worktree goes
      await gitRun(ctx.repo.main, ["worktree", "remove", "--force", path])
      if (snap.branch) await gitRun(ctx.repo.main, ["branch", "-D", "--quiet", snap.branch])
      throw e
    }
    await git(ctx.repo.main, ["update-ref", "-d", snap.ref])
    r.snapshots = r.snapshots.filter((s) => s !== snap)
    const now = ctx.now()
    const entry: WorktreeRecord = {
      name,
      path: real(path),
      branch: snap.branch,
      base: snap.base,
      baseRef: snap.baseRef,
      permanent: snap.permanent,
      createdAt: now,
      lastUsedAt: now,
      holders: [],
    }
    r.worktrees.push(entry)
    return entry
  })
  return toRow(w, await inspect(w), ctx.live)
}

export async function branch(ctx: Ctx, name: string, newBranch: string): Promise<void> {
  await update(ctx, async (r) => {
    const w = find(r, name)
    const s = await inspect(w)
    if (!s.present) throw new WorktreeError(`the folder of '${name}' is gone: prune forgets it`)
    if (s.branch) throw new WorktreeError(`'${name}' is on the branch ${s.branch}, not detached`)
    const ok = await gitRun(ctx.repo.main, ["check-ref-format", "--branch", newBranch])
    if (ok.code !== 0 || !newBranch.trim()) throw new WorktreeError(`'${newBranch}' is not a valid branch name`)
    if (await refExists(ctx.repo.main, `refs/heads/${newBranch}`))
      throw new WorktreeError(`the branch ${newBranch} exists: pick another name`)
    await git(w.path, ["checkout", "--quiet", "-b", newBranch])
    w.branch = newBranch
  })
}

/** `pid` now works in `cwd`: it holds the managed worktree that folder is in, and no other. */
export async function holdPath(ctx: Ctx, cwd: string, pid: number): Promise<void> {
  const here = real(cwd)
  await update(ctx, (r) => {
    for (const w of r.worktrees) {
      const mine = here === w.path || here.startsWith(w.path + "/")
      w.holders = w.holders.filter((p) => p !== pid && alive(p))
      if (mine) {
        w.holders.push(pid)
        w.lastUsedAt = ctx.now()
      }
    }
  })
}
