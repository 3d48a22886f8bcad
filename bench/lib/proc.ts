// CPU and memory of a program's whole process tree, read from /proc.
// A process belongs to the tree if it descends from the pane's shell or carries the run's tag in
// its environment (a daemon the program starts detached is no longer a descendant but keeps the tag).
import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs"
import { listPids, readProcStat } from "../../src/util/proc-stat"

const TICK_S = 0.01 // CLK_TCK is 100 on Linux
const PAGE_KB = 4

interface Stat {
  pid: number
  ppid: number
  /** utime+stime plus the reaped children's cutime+cstime, in ticks */
  ticks: number
  rssKb: number
}

function readStat(pid: number): Stat | null {
  const p = readProcStat(pid)
  return p ? { pid, ppid: p.ppid, ticks: p.ticks, rssKb: p.rssPages * PAGE_KB } : null
}

function hasTag(pid: number, tag: string): boolean {
  try {
    // entries end in NUL, so "…r1" does not match "…r10"
    return readFileSync(`/proc/${pid}/environ`, "latin1").includes(tag + "\0")
  } catch {
    return false
  }
}

export interface TreeSample {
  at: number
  pids: number[]
  /** pid → parent pid, for the pids above */
  parents: Map<number, number>
  cpuS: number
  rssKb: number
  rssKbByPid: Map<number, number>
  /** per-thread CPU in ns ("pid/tid" → ns), when asked for: finer than ticks, but blind to threads that ended */
  threadNs?: Map<string, number>
}

function threadNs(pids: number[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const pid of pids) {
    let tids: string[] = []
    try {
      tids = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue
    }
    for (const tid of tids) {
      try {
        out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]))
      } catch {
        // the thread ended
      }
    }
  }
  return out
}

/** CPU seconds between two samples taken with `threads: true`, from the nanosecond per-thread counters. */
export function preciseCpuS(before: TreeSample, after: TreeSample): number {
  if (!before.threadNs || !after.threadNs) throw new Error("samples were taken without threads: true")
  let ns = 0
  for (const [key, value] of after.threadNs) ns += value - (before.threadNs.get(key) ?? 0)
  return ns / 1e9
}

/** The processes of one run: descendants of `root`, and anything whose environment holds `tag` (NAME=value). */
export function sampleTree(root: number, tag: string, opts: { threads?: boolean } = {}): TreeSample {
  const at = performance.now()
  const stats = listPids()
    .map(readStat)
    .filter((s): s is Stat => s !== null)
  const children = new Map<number, number[]>()
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s.pid])
  const members = new Set<number>()
  const visit = (pid: number) => {
    if (members.has(pid)) return
    members.add(pid)
    for (const c of children.get(pid) ?? []) visit(c)
  }
  visit(root)
  for (const s of stats) if (!members.has(s.pid) && s.pid !== process.pid && hasTag(s.pid, tag)) visit(s.pid)
  const mine = stats.filter((s) => members.has(s.pid))
  const pids = mine.map((s) => s.pid)
  return {
    at,
    pids,
    parents: new Map(mine.map((s) => [s.pid, s.ppid])),
    threadNs: opts.threads ? threadNs(pids) : undefined,
    cpuS: mine.reduce((a, s) => a + s.ticks, 0) * TICK_S,
    rssKb: mine.reduce((a, s) => a + s.rssKb, 0),
    rssKbByPid: new Map(mine.map((s) => [s.pid, s.rssKb])),
  }
}

/** Waits until the tree uses less than `idleCpuS` per `windowMs` (work after the last frame is counted), or `capMs`. */
export async function settle(
  root: number,
  tag: string,
  opts: { windowMs?: number; idleCpuS?: number; capMs?: number } = {},
): Promise<TreeSample> {
  const windowMs = opts.windowMs ?? 200
  const idle = opts.idleCpuS ?? 0.02
  const deadline = performance.now() + (opts.capMs ?? 5000)
  let last = sampleTree(root, tag)
  for (;;) {
    await Bun.sleep(windowMs)
    const next = sampleTree(root, tag)
    if (next.cpuS - last.cpuS < idle || performance.now() > deadline) return next
    last = next
  }
}

/** Processes still alive from a run (after its pane is gone), for cleanup by pid. */
export function leftovers(root: number, tag: string): number[] {
  return sampleTree(root, tag).pids.filter((p) => p !== root)
}

/** Every live process whose environment has an entry starting with `prefix` (for cleanup on Ctrl-C). */
export function pidsWithEnv(prefix: string): number[] {
  return listPids().filter((pid) => {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, "latin1")
      return env.startsWith(prefix) || env.includes("\0" + prefix)
    } catch {
      return false
    }
  })
}

/** The program's own process: the child of the pane's shell (helpers such as a daemon are the rest). */
export function mainPid(sample: TreeSample, paneShell: number): number | undefined {
  return sample.pids.find((pid) => pid !== paneShell && sample.parents.get(pid) === paneShell)
}

/**
 * Resident memory of a set of processes with every physical page counted once, from
 * /proc/<pid>/pagemap (needs root; undefined otherwise). A sum of RSS counts a page each process
 * maps once per process: two Bun processes both hold much of the same Bun binary in memory.
 */
export function uniqueResidentKb(pids: number[]): number | undefined {
  const frames = new Set<number>()
  for (const pid of pids) {
    let smaps: string
    let fd: number
    try {
      smaps = readFileSync(`/proc/${pid}/smaps`, "utf8")
      fd = openSync(`/proc/${pid}/pagemap`, "r")
    } catch {
      continue
    }
    try {
      let start = 0
      let end = 0
      for (const line of smaps.split("\n")) {
        const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line)
        if (range) {
          start = parseInt(range[1]!, 16)
          end = parseInt(range[2]!, 16)
          continue
        }
        if (!line.startsWith("Rss:") || line.endsWith(" 0 kB")) continue
        const pages = (end - start) / 4096
        const buf = Buffer.alloc(pages * 8)
        readSync(fd, buf, 0, buf.length, (start / 4096) * 8)
        for (let i = 0; i < pages; i++) {
          const hi = buf.readUInt32LE(i * 8 + 4)
          if ((hi & 0x80000000) === 0) continue
          // bits 0-54: the page frame (0 when not root)
          const pfn = (hi & 0x7fffff) * 2 ** 32 + buf.readUInt32LE(i * 8)
          if (pfn !== 0) frames.add(pfn)
        }
      }
    } finally {
      closeSync(fd)
    }
  }
  return frames.size ? frames.size * 4 : undefined
}
