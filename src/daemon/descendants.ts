// Every process below a pid, read from /proc, and ending them. A host is a child subreaper, so
// whatever its tools start (`setsid nohup … &` included) stays below it while it lives; when it
// ends, it ends those, and the broker ends what an abruptly killed host left to it, so no escaped
// tool process outlives its session's host.
import { readFileSync } from "node:fs"
import { listPids, readProcStat, type ProcStat } from "../util/proc-stat"
import { sendSignal } from "../util/process-state"

function readProc(pid: number): ProcStat | undefined {
  const p = readProcStat(pid)
  return p?.state === "Z" ? undefined : p
}

function allProcs(): ProcStat[] {
  const out: ProcStat[] = []
  for (const pid of listPids()) {
    const p = readProc(pid)
    if (p) out.push(p)
  }
  return out
}

/** Live processes whose parent chain reaches `root`, minus those below any pid in `spare` (and `spare` themselves). */
export function descendantsOf(root: number, spare: ReadonlySet<number> = new Set()): ProcStat[] {
  const children = new Map<number, ProcStat[]>()
  for (const p of allProcs()) {
    const list = children.get(p.ppid)
    if (list) list.push(p)
    else children.set(p.ppid, [p])
  }
  const out: ProcStat[] = []
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (spare.has(c.pid)) continue
      out.push(c)
      walk(c.pid)
    }
  }
  walk(root)
  return out
}

/**
 * SIGKILLs every descendant of `root` (not below `spare`) and their process groups, except the
 * groups of `root` itself and of its parent; repeats while new ones appear (a fork racing the
 * sweep). Returns how many processes it ended.
 */
export function killDescendants(root: number, spare: ReadonlySet<number> = new Set()): number {
  const own = new Set([readProc(root)?.pgid, readProc(process.ppid)?.pgid, readProc(process.pid)?.pgid])
  let ended = 0
  for (let round = 0; round < 10; round++) {
    const found = descendantsOf(root, spare)
    if (found.length === 0) break
    for (const p of found) {
      if (!own.has(p.pgid) && p.pgid > 1) tryKill(-p.pgid)
      if (tryKill(p.pid)) ended++
    }
  }
  return ended
}

function tryKill(pid: number): boolean {
  return sendSignal(pid, "SIGKILL")
}

/** Resident memory of a process in bytes (0 when it cannot be read). */
export function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return m ? Number(m[1]) * 1024 : 0
  } catch {
    return 0
  }
}
