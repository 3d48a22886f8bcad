// xagent's record of one repository's managed worktrees and their snapshots, in
// $XAGENT_HOME/worktrees/<repo-id>.json. Written whole and renamed into place under a small lock
// file, so two xagents changing it at once never leave half a file or lose each other's change.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { WorktreeError } from "./git"

export interface WorktreeRecord {
  name: string
  path: string
  /** The branch made for it (`xagent/<name>`); absent for one made detached. */
  branch?: string
  /** The commit it started from. */
  base: string
  /** The branch the main checkout was on then (absent when it was detached). */
  baseRef?: string
  /** Never pruned; removed only when asked. */
  permanent: boolean
  createdAt: number
  lastUsedAt: number
  /** Processes holding it (a window or CLI started in it); dead ones are ignored. */
  holders: number[]
}

/** What a removed worktree held: a commit of its whole working tree (on its last HEAD) behind a ref. */
export interface SnapshotRecord {
  name: string
  /** `refs/xagent/snapshots/<name>/<time>`: keeps the commit from git's garbage collection. */
  ref: string
  /** The worktree's HEAD when it was removed; the snapshot commit's parent. */
  head: string
  branch?: string
  base: string
  baseRef?: string
  permanent: boolean
  takenAt: number
  changedFiles: number
  unpushed: number
}

export interface RepoRecord {
  version: 1
  main: string
  worktrees: WorktreeRecord[]
  snapshots: SnapshotRecord[]
}

export function readRecord(file: string, main: string): RepoRecord {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, main, worktrees: [], snapshots: [] }
    throw e
  }
  try {
    const r = JSON.parse(text) as RepoRecord
    if (r.version !== 1 || !Array.isArray(r.worktrees) || !Array.isArray(r.snapshots)) throw new Error("wrong shape")
    return r
  } catch (e) {
    throw new WorktreeError(
      `xagent's worktree record ${file} is not readable (${(e as Error).message}): fix or move it away; nothing was changed`,
    )
  }
}

/** Reads, changes and writes the record under its lock; returns what `change` returned. */
export async function updateRecord<T>(
  file: string,
  main: string,
  change: (r: RepoRecord) => T | Promise<T>,
): Promise<T> {
  // 0700: the first folder made may be $XAGENT_HOME itself, which holds the daemon's socket and logs
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const release = await lock(`${file}.lock`)
  try {
    const record = readRecord(file, main)
    const out = await change(record)
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(record, null, 2) + "\n", { mode: 0o600 })
    renameSync(tmp, file)
    return out
  } finally {
    release()
  }
}

/** A lock older than this was left by a process that died holding it. */
const STALE_MS = 60_000

async function lock(path: string): Promise<() => void> {
  for (let tries = 0; ; tries++) {
    try {
      closeSync(openSync(path, "wx"))
      return () => rmSync(path, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > STALE_MS) rmSync(path, { force: true })
      else if (tries > 600) throw new WorktreeError(`the worktree record is locked by another xagent (${path})`)
      else await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** A holder pid that still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}
