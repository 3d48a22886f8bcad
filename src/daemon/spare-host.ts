// A session host started before anyone asks for it, so that a start does not wait for a host's
// Bun and Pi's import, the longest step between exec and a live session. There are two moments:
// - the daemon's first, started before the daemon loads its own code: a window that starts the
//   daemon asks for its session a moment later. Started in the daemon's environment, which is the
//   environment of whoever started the daemon.
// - after a window that had sessions leaves (host-pool.ts `windowLeft`): a person who quits often
//   starts again, or opens another tab, a moment later. Started in that window's environment.
// The next session opened with that environment takes it (it moves to the session's folder before
// Pi loads anything of the folder, as host-process.ts does for every open); one whose environment
// differs only in the terminal's own variables (another pane, another tab) takes it too, and the
// host adopts those values before the open. Any other open starts a host of its own, and a spare
// nobody took ends after a while, so it costs memory only for the start it was made for. While it
// waits it does the first open's work that no folder changes (runtime/hosting/session-open.ts
// `warmFirstOpen`: the sandbox's probe, the bundled extensions' imports).
import type { Subprocess } from "bun"
import { closeSync } from "node:fs"
import { spawnHost } from "./host-spawn"

/** A spare nobody took by then ends (a daemon started with no window, or by another environment). */
export const SPARE_TTL_MS = 60_000
/** A spare asked to end that has not by then is killed. */
const SPARE_END_MS = 10_000

/**
 * Variables a terminal sets per pane, tab or shell, which nothing reads while a host starts (Bun
 * and Pi's import): a window in another pane differs from the one that left only in these.
 */
const TERMINAL_OWN = new Set([
  "TMUX",
  "TMUX_PANE",
  "WINDOWID",
  "TERM_SESSION_ID",
  "ITERM_SESSION_ID",
  "KITTY_WINDOW_ID",
  "WEZTERM_PANE",
  "ALACRITTY_WINDOW_ID",
  "WT_SESSION",
  "GPG_TTY",
  "SHLVL",
  "OLDPWD",
  "PWD",
  "_",
  "COLUMNS",
  "LINES",
])

/** What a host taken for another pane's window changes in its environment before the open. */
export interface EnvChange {
  set: Record<string, string>
  unset: string[]
}

export interface SpareHost {
  proc: Subprocess
  env: Record<string, string>
  /**
   * Hands the process over (once), if it still runs and `env` is the one it started with, or
   * differs from it only in the terminal's own variables: then with what the host must change.
   */
  take(env: Record<string, string>): { proc: Subprocess; change?: EnvChange } | undefined
  /** Still running and not taken. */
  waiting(): boolean
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
      // Asked, not killed: a spare may be in the middle of Pi's start, under Pi's lock files,
      // which a killed process leaves for every other host to wait out (host-process.ts ends
      // once Pi is done with them). Closing its end of the link asks the same.
      proc.kill("SIGTERM")
      closeSync(proc.stdio[3] as unknown as number)
    } catch {}
    const stuck = setTimeout(() => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL")
    }, SPARE_END_MS)
    stuck.unref()
    void proc.exited.then(() => clearTimeout(stuck))
  }
  const timer = setTimeout(dispose, ttlMs)
  timer.unref()
  const waiting = () => !taken && proc.exitCode === null && proc.signalCode === null
  return {
    proc,
    env,
    take(want) {
      if (!waiting()) return undefined
      const change = envChange(env, want)
      if (change === null) return undefined
      taken = true
      clearTimeout(timer)
      return change ? { proc, change } : { proc }
    },
    waiting,
    dispose,
  }
}

/** The names of the variables whose values `from` and `to` differ in (one missing counts). */
function differing(from: Record<string, string>, to: Record<string, string>): string[] {
  const value = (env: Record<string, string>, key: string) => (Object.hasOwn(env, key) ? env[key] : undefined)
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((key) => value(from, key) !== value(to, key))
}

/** The names of the variables that keep `to` from taking a spare started with `from` (for the log). */
export function blockingVariables(from: Record<string, string>, to: Record<string, string>): string[] {
  return differing(from, to).filter((key) => !TERMINAL_OWN.has(key))
}

/**
 * What turns `from` into `to`: undefined when they are the same, null when they differ in
 * anything but the terminal's own variables (that host is not the one for `to`).
 */
export function envChange(from: Record<string, string>, to: Record<string, string>): EnvChange | undefined | null {
  const keys = differing(from, to)
  if (keys.length === 0) return undefined
  if (keys.some((key) => !TERMINAL_OWN.has(key))) return null
  const set: Record<string, string> = {}
  const unset: string[] = []
  for (const key of keys) {
    if (Object.hasOwn(to, key)) set[key] = to[key]!
    else unset.push(key)
  }
  return { set, unset }
}
