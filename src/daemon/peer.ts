// Who is on the other end of a connection, and may it change sessions? The agent's own tools run
// as the same user, so file permissions cannot tell them apart from a window; ancestry can: the
// daemon is a child subreaper, so everything its sessions start stays its descendant.
import { peerCred } from "../util/libc"
import { readProcStat } from "../util/proc-stat"
import { noPeerChecksReason, peerChecksAvailable } from "../util/peer-checks"

export interface PeerVerdict {
  pid?: number
  /** Mutating requests allowed. */
  trusted: boolean
  /** Why not, for the refusal message and the log. */
  reason?: string
}

/** Parent pid, or null when it cannot be read. */
export function parentPid(pid: number): number | null {
  return readProcStat(pid)?.ppid ?? null
}

/** True when `ancestor` is on `pid`'s parent chain; null when the chain cannot be read. */
export function hasAncestor(pid: number, ancestor: number): boolean | null {
  let cur = pid
  for (let hops = 0; hops < 4096; hops++) {
    if (cur === ancestor) return true
    if (cur <= 1) return false
    const next = parentPid(cur)
    if (next === null) return hops === 0 ? null : false
    cur = next
  }
  return null
}

/**
 * Decided once, when the connection opens: SO_PEERCRED names the process that called connect(),
 * and checking later could meet a reused pid. Anything we cannot verify fails closed, a platform
 * without the kernel's checks included: there every peer may only read.
 */
export function judgePeer(fd: number | undefined, daemonPid = process.pid, platform = process.platform): PeerVerdict {
  if (!peerChecksAvailable(platform)) return { trusted: false, reason: noPeerChecksReason(platform) }
  const cred = fd === undefined ? null : peerCred(fd)
  if (!cred) return { trusted: false, reason: "peer credentials unavailable" }
  if (cred.uid !== process.getuid?.()) return { pid: cred.pid, trusted: false, reason: `peer runs as uid ${cred.uid}` }
  const spawned = hasAncestor(cred.pid, daemonPid)
  if (spawned === null) return { pid: cred.pid, trusted: false, reason: `peer ${cred.pid} has no readable ancestry` }
  if (spawned) return { pid: cred.pid, trusted: false, reason: `peer ${cred.pid} was started by the agent` }
  return { pid: cred.pid, trusted: true }
}
