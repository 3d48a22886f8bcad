// /proc/<pid>/stat parsed in one place for every reader (the daemon's tree walks and peer checks,
// process states, the bench): the command name may hold spaces and parentheses, so the fields
// are read after the last ")".
import { readdirSync, readFileSync } from "node:fs"

export interface ProcStat {
  pid: number
  /** One letter: R, S, D, T, t, Z, X, … */
  state: string
  ppid: number
  pgid: number
  /** utime + stime + the reaped children's cutime + cstime, in clock ticks */
  ticks: number
  rssPages: number
}

/** undefined when the process is gone or there is no /proc (macOS). */
export function readProcStat(pid: number): ProcStat | undefined {
  let raw: string
  try {
    raw = readFileSync(`/proc/${pid}/stat`, "utf8")
  } catch {
    return undefined
  }
  // f[0] is field 3 (state), so field n is f[n - 3]
  const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ")
  const ppid = Number(f[1])
  if (!f[0] || !Number.isInteger(ppid)) return undefined
  return {
    pid,
    state: f[0],
    ppid,
    pgid: Number(f[2]),
    ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
    rssPages: Number(f[21]),
  }
}

/** Every pid in /proc ([] without it). */
export function listPids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
  } catch {
    return []
  }
}
