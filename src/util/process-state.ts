// Whether a process is there, and whether it is stopped (SIGSTOP, Ctrl+Z, a debugger): a daemon
// that does not answer but whose process lives is waited for, not given up on.
import { readFileSync } from "node:fs"

export type ProcessState = "gone" | "stopped" | "alive"

export function processState(pid: number): ProcessState {
  if (!(pid > 0)) return "gone"
  try {
    process.kill(pid, 0)
  } catch (e) {
    // EPERM: it exists, owned by someone else (a pid reused after ours ended): not our daemon
    return "gone"
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S ..."; comm may hold spaces and parentheses
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3)
    if (state === "Z" || state === "X") return "gone"
    if (state === "T" || state === "t") return "stopped"
  } catch {
    // no /proc (macOS): alive is all we can tell
  }
  return "alive"
}
