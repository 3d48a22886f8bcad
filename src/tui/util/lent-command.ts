// Ctrl+C for a command that has the window's terminal (`!i`, interactive-shell). The terminal sends
// SIGINT to its foreground job, which is the window, not the command: the command runs in the
// session host, a process of the daemon's with no terminal of its own, so it never hears the key
// (with --no-daemon it is in the window's process group and does, as in pi). So the window passes
// it on: to the processes under the host that read this terminal (the command and what it
// started), never to the host itself or anything else it runs (MCP servers read pipes).
import { readdirSync, readlinkSync } from "node:fs"
import { listPids, readProcStat } from "../../util/proc-stat"

/** The process that has `path` (the host's answer pipe) open: the host asking for the terminal. */
export function openerOf(path: string, except = process.pid): number | undefined {
  for (const pid of listPids()) {
    if (pid === except) continue
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === path) return pid
      } catch {}
    }
  }
  return undefined
}

/** The host's descendants whose standard input is `tty`: the lent command's processes. */
export function commandsOn(host: number, tty: string): number[] {
  const children = new Map<number, number[]>()
  for (const pid of listPids()) {
    const ppid = readProcStat(pid)?.ppid
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid])
  }
  const found: number[] = []
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        if (readlinkSync(`/proc/${child}/fd/0`) === tty) found.push(child)
      } catch {}
      walk(child)
    }
  }
  walk(host)
  return found
}

/** SIGINT to each of the lent command's processes; how many there were. */
export function interruptCommand(host: number, tty: string): number {
  let sent = 0
  for (const pid of commandsOn(host, tty)) {
    try {
      process.kill(pid, "SIGINT")
      sent++
    } catch {}
  }
  return sent
}
