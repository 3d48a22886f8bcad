// Counting how often a process wakes: what the idle checks of the perf suite measure.
import { readFileSync } from "node:fs"

/** Voluntary context switches of a process's main thread: each is one wake-up from sleep. */
export const wakeups = (pid: number) =>
  Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8"))![1])

/** Wake-ups of each process over `ms` of watching it do nothing. */
export async function wakeupsOver(pids: number[], ms: number): Promise<number[]> {
  const before = pids.map(wakeups)
  await Bun.sleep(ms)
  return pids.map((pid, i) => wakeups(pid) - before[i]!)
}
