// Whether a process is there, and whether it is stopped (SIGSTOP, Ctrl+Z, a debugger): a daemon
// that does not answer but whose process lives is waited for, not given up on.
import { readProcStat } from "./proc-stat"

export type ProcessState = "gone" | "stopped" | "alive"

export function processState(pid: number): ProcessState {
  if (!(pid > 0)) return "gone"
  try {
    process.kill(pid, 0)
  } catch (e) {
    // EPERM: it exists, owned by someone else (a pid reused after ours ended): not our daemon
    return "gone"
  }
  // no /proc (macOS): alive is all we can tell
  const state = readProcStat(pid)?.state
  if (state === "Z" || state === "X") return "gone"
  if (state === "T" || state === "t") return "stopped"
  return "alive"
}

/** Sends `signal` to `pid` (a process group when negative); false when it could not: gone, or not ours. */
export function sendSignal(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal)
    return true
  } catch {
    return false
  }
}
