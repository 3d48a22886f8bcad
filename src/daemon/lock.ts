// One daemon per $XAGENT_HOME. The lock is a kernel flock on run/daemon.lock (released by the
// kernel however the daemon dies, so it never goes stale); the file also records who holds it,
// for `daemon status` and `daemon stop` when the socket does not answer.
import { chmodSync, closeSync, ftruncateSync, lstatSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs"
import { PROTOCOL_VERSION } from "../protocol"
import type { DaemonPaths } from "../util/daemon-paths"
import { tryLockFd } from "../util/libc"

export interface LockInfo {
  pid: number
  startedAt: number
  protocol: number
  socket: string
}

export class DaemonRunning extends Error {
  constructor(readonly holder: LockInfo | undefined) {
    super(`a daemon is already running for this XAGENT_HOME${holder ? ` (pid ${holder.pid})` : ""}`)
  }
}

/**
 * Makes `dir` (0700) or takes the one there only if it is a real folder of ours: the socket's
 * folder may sit in the shared temp dir, where anyone could have made it first or put a symlink
 * there (and so reach the socket); chmod on someone else's folder, or through their link, is
 * never done.
 */
export function ensurePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const st = lstatSync(dir)
  const uid = process.getuid?.()
  if (st.isSymbolicLink()) throw new Error(`${dir} is a symbolic link, not a folder of ours: remove it`)
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder: remove it`)
  if (uid !== undefined && st.uid !== uid)
    throw new Error(`${dir} belongs to uid ${st.uid}, not to us (uid ${uid}): remove it or set XDG_RUNTIME_DIR`)
  if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700)
}

export function readLockInfo(paths: DaemonPaths): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(paths.lock, "utf8")) as LockInfo
    return typeof info.pid === "number" ? info : undefined
  } catch {
    return undefined
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Takes the lock or throws DaemonRunning. Keep the returned handle for the daemon's lifetime. */
export function acquireLock(paths: DaemonPaths): { info: LockInfo; release(): void } {
  ensurePrivateDir(paths.runDir)
  const fd = openSync(paths.lock, "a+", 0o600)
  const got = tryLockFd(fd)
  if (got === false) {
    closeSync(fd)
    throw new DaemonRunning(readLockInfo(paths))
  }
  if (got === "unsupported") {
    // Without flock, fall back to the recorded pid: a live holder wins.
    const holder = readLockInfo(paths)
    if (holder && holder.pid !== process.pid && pidAlive(holder.pid)) {
      closeSync(fd)
      throw new DaemonRunning(holder)
    }
  }
  const info: LockInfo = { pid: process.pid, startedAt: Date.now(), protocol: PROTOCOL_VERSION, socket: paths.socket }
  ftruncateSync(fd, 0)
  writeSync(fd, JSON.stringify(info) + "\n")
  return {
    info,
    release() {
      try {
        ftruncateSync(fd, 0)
        closeSync(fd)
      } catch {}
    },
  }
}
