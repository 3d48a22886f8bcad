// As a child subreaper the daemon inherits every orphan its sessions leave behind (a bash tool's
// `cmd &`), and nobody else will wait() for them. Bun reaps the children it spawned itself within
// moments, so a child that has stayed a zombie for a while is an inherited orphan: reap it.
import { readdirSync, readFileSync } from "node:fs"
import { reapChild } from "../util/libc"

const GRACE_MS = 5000
const EVERY_MS = 2000
const zombieSince = new Map<number, number>()
let lastScan = 0

function children(): number[] {
  const pids: number[] = []
  try {
    for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
      const text = readFileSync(`/proc/${process.pid}/task/${tid}/children`, "utf8").trim()
      if (text) for (const p of text.split(" ")) pids.push(Number(p))
    }
  } catch {}
  return pids
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z"
  } catch {
    return false
  }
}

/** Zombies seen and not yet reaped (the caller keeps checking while there are any). */
export function trackedZombies(): number {
  return zombieSince.size
}

export function reapOrphanZombies(now = Date.now()) {
  if (process.platform !== "linux" || now - lastScan < EVERY_MS) return
  lastScan = now
  const seen = new Set<number>()
  for (const pid of children()) {
    if (!isZombie(pid)) continue
    seen.add(pid)
    const since = zombieSince.get(pid) ?? now
    zombieSince.set(pid, since)
    if (now - since >= GRACE_MS && reapChild(pid)) zombieSince.delete(pid)
  }
  for (const pid of zombieSince.keys()) if (!seen.has(pid)) zombieSince.delete(pid)
}
