// Phase timings of a start (exec → session live), across the window, the daemon and the session
// host: with XAGENT_START_TRACE=<file> set, each process appends `<epoch ms> <pid> <process> <mark>`
// lines to it. Off by default (one env read); the variable reaches the daemon and the hosts with the
// window's environment, so one file holds the whole chain. docs/adr-performance.md reads them.
import { appendFileSync } from "node:fs"

const file = process.env.XAGENT_START_TRACE
let wroteBoot = false

/** Appends one mark (and, first, when this process's runtime started). */
export function startMark(proc: string, mark: string): void {
  if (!file) return
  try {
    if (!wroteBoot) {
      wroteBoot = true
      appendFileSync(file, `${performance.timeOrigin.toFixed(1)} ${process.pid} ${proc} boot\n`)
    }
    appendFileSync(file, `${(performance.timeOrigin + performance.now()).toFixed(1)} ${process.pid} ${proc} ${mark}\n`)
  } catch {
    // a trace is never worth a failed start
  }
}
