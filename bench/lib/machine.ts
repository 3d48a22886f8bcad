// What the figures were taken on: cores, memory, load, and the versions of everything involved.
import { spawnSync } from "node:child_process"
import { cpus, loadavg, release, totalmem } from "node:os"
import type { Program } from "../programs"
import { REPO } from "../programs"

export interface Machine {
  cores: number
  cpuModel: string
  memoryGiB: number
  kernel: string
  loadAtStart: number[]
  versions: Record<string, string>
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: "utf8", cwd: REPO })
  return r.status === 0 ? r.stdout.trim() : "unknown"
}

export function describeMachine(programs: Program[]): Machine {
  const versions: Record<string, string> = {}
  for (const p of programs) versions[p.id] = p.version()
  const rev = run("git", ["rev-parse", "--short", "HEAD"])
  const dirty = run("git", ["status", "--porcelain", "--untracked-files=no"]) !== ""
  if (versions.xagent && rev !== "unknown") versions.xagent += ` (git ${rev}${dirty ? " + uncommitted changes" : ""})`
  versions.bun = Bun.version
  versions.node = run("node", ["--version"])
  versions.tmux = run("tmux", ["-V"]).replace(/^tmux /, "")
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: totalmem() / 1024 ** 3,
    kernel: `Linux ${release()}`,
    loadAtStart: loadavg(),
    versions,
  }
}
