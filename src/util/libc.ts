// The few Linux calls Bun does not expose: peer credentials of a Unix socket, the child
// subreaper flag, flock, a non-blocking waitpid, a close-on-exec dup, dup2 and mkfifo. Loaded on first use; on
// a platform without glibc's libc.so.6 every helper reports "unsupported" instead of throwing.
import { dlopen, FFIType, ptr } from "bun:ffi"

const SOL_SOCKET = 1
const SO_PEERCRED = 17
const PR_SET_CHILD_SUBREAPER = 36
const LOCK_EX = 2
const LOCK_NB = 4
const WNOHANG = 1
const F_DUPFD_CLOEXEC = 1030

const symbols = {
  getsockopt: { args: [FFIType.i32, FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
  prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
  flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
  waitpid: { args: [FFIType.i32, FFIType.ptr, FFIType.i32], returns: FFIType.i32 },
  fcntl: { args: [FFIType.i32, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
  dup2: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
  mkfifo: { args: [FFIType.ptr, FFIType.u32], returns: FFIType.i32 },
} as const

type Lib = ReturnType<typeof dlopen<typeof symbols>>["symbols"]
let lib: Lib | null | undefined

function libc(): Lib | null {
  if (lib !== undefined) return lib
  if (process.platform !== "linux") return (lib = null)
  try {
    lib = dlopen("libc.so.6", symbols).symbols
  } catch {
    lib = null
  }
  return lib
}

/** The calls above can be made here (Linux with glibc's libc.so.6). */
export function hasLibc(): boolean {
  return libc() !== null
}

export interface PeerCred {
  pid: number
  uid: number
  gid: number
}

/** Kernel-verified credentials of the process that connected a Unix socket (as of connect()). */
export function peerCred(fd: number): PeerCred | null {
  const c = libc()
  if (!c || !(fd >= 0)) return null
  const out = new Int32Array(3)
  const len = new Uint32Array([12])
  if (c.getsockopt(fd, SOL_SOCKET, SO_PEERCRED, ptr(out), ptr(len)) !== 0) return null
  return { pid: out[0]!, uid: out[1]!, gid: out[2]! }
}

/** Orphans of our descendants get reparented to us instead of init, so they stay our descendants. */
export function becomeChildSubreaper(): boolean {
  const c = libc()
  return !!c && c.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) === 0
}

/** Exclusive, non-blocking flock: the kernel drops it when the process dies, so it never goes stale. */
export function tryLockFd(fd: number): boolean | "unsupported" {
  const c = libc()
  if (!c) return "unsupported"
  return c.flock(fd, LOCK_EX | LOCK_NB) === 0
}

/** Reaps one exited child if it is a zombie; true when reaped. */
export function reapChild(pid: number): boolean {
  const c = libc()
  if (!c) return false
  const status = new Int32Array(1)
  return c.waitpid(pid, ptr(status), WNOHANG) === pid
}

/** A new close-on-exec descriptor for the same open file; null when it cannot be made. */
export function dupFd(fd: number): number | null {
  const c = libc()
  if (!c) return null
  const dup = c.fcntl(fd, F_DUPFD_CLOEXEC, 3)
  return dup >= 0 ? dup : null
}

/** Makes `to` a copy of `from` (dup2): false when it cannot be done. */
export function dup2Fd(from: number, to: number): boolean {
  const c = libc()
  return !!c && c.dup2(from, to) === to
}

/** A named pipe at `path`, readable and writable by this user only: false when it cannot be made. */
export function makeFifo(path: string): boolean {
  const c = libc()
  return !!c && c.mkfifo(ptr(new TextEncoder().encode(`${path}\0`)), 0o600) === 0
}
