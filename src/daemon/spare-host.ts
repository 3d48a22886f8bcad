// The daemon's first host process, started before the daemon loads its own code: a window that
// starts the daemon asks for its session a moment later, and a host's start (Bun, Pi's import) is
// the longest step between exec and a live session. Started in the daemon's environment, which is
// the environment of whoever started the daemon; the first session opened with exactly that
// environment takes it (it moves to the session's folder before Pi loads anything of the folder,
// as host-process.ts does for every open). Any other open starts a host of its own, and a spare
// nobody took ends after a while, so it costs memory only for the start it was made for.
import type { Subprocess } from "bun"
import { closeSync } from "node:fs"
import { spawnHost } from "./host-spawn"

/** A spare nobody took by then ends (a daemon started with no window, or by another environment). */
export const SPARE_TTL_MS = 60_000

export interface SpareHost {
  proc: Subprocess
  env: Record<string, string>
  /** Hands the process over (once), if it still runs and `env` is exactly the one it started with. */
  take(env: Record<string, string>): Subprocess | undefined
  /** Ends it if nobody took it. */
  dispose(): void
}

export function startSpareHost(cwd: string, env: Record<string, string>, ttlMs = SPARE_TTL_MS): SpareHost {
  const proc = spawnHost(cwd, env)
  let taken = false
  const dispose = () => {
    clearTimeout(timer)
    if (taken) return
    taken = true
    try {
      proc.kill("SIGKILL")
      // its end of the link: nobody reads it now
      closeSync(proc.stdio[3] as unknown as number)
    } catch {}
  }
  const timer = setTimeout(dispose, ttlMs)
  timer.unref()
  return {
    proc,
    env,
    take(want) {
      if (taken || proc.exitCode !== null || proc.signalCode !== null || !sameEnv(env, want)) return undefined
      taken = true
      clearTimeout(timer)
      return proc
    },
    dispose,
  }
}

function sameEnv(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k])
}
