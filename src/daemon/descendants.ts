// Every process below a pid, read from /proc, and ending them. A host is a child subreaper, so
// whatever its tools start (`setsid nohup … &` included) stays below it while it lives; when it
// ends, it ends those, and the broker ends what an abruptly killed host left to it (findings D1).
import { readdirSync, readFileSync } from "node:fs"

interface Proc {
  pid: number
  ppid: number
  pgid: number
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    if (f[0] === "Z") return undefined
    return { pid, ppid: Number(f[1]), pgid: Number(f[2]) }
  } catch {
    return undefined
  }
}

function allProcs(): Proc[] {
  let names: string[]
  try {
    names = readdirSync("/proc")
  } catch {
    return []
  }
  const out: Proc[] = []
  for (const n of names) {
    if (!/^\d+$/.test(n)) continue
    const p = readProc(Number(n))
    if (p) out.push(p)
  }
  return out
}

/** Live processes whose parent chain reaches `root`, minus those below any pid in `spare` (and `spare` themselves). */
export function descendantsOf(root: number, spare: ReadonlySet<number> = new Set()): Proc[] {
  const children = new Map<number, Proc[]>()
  for (const p of allProcs()) {
    const list = children.get(p.ppid)
    if (list) list.push(p)
    else children.set(p.ppid, [p])
  }
  const out: Proc[] = []
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
  try {
    process.kill(pid, "SIGKILL")
    return true
  } catch {
    return false
  }
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
