// Where things live on disk. Every path honours the env overrides tests and people rely on.
import { homedir } from "node:os"
import { isAbsolute, join, resolve } from "node:path"

type Env = Record<string, string | undefined>

/**
 * The home folder as the person's shell has it: `HOME` first. Bun's `os.homedir()` keeps the
 * value it read at start (a HOME set later, as the tests' preload does, is not seen), so xagent's
 * own paths come from here; only code that mirrors Pi's own resolution calls `os.homedir()`.
 */
export function homeDir(env: Env = process.env): string {
  return env.HOME || homedir()
}

/** `~` and `~/x` expand to the home dir; anything else is left alone. */
export function expandHome(path: string, env: Env = process.env): string {
  if (path === "~") return homeDir(env)
  if (path.startsWith("~/")) return join(homeDir(env), path.slice(2))
  return path
}

export function resolveFrom(cwd: string, path: string, env: Env = process.env): string {
  const expanded = expandHome(path, env)
  return isAbsolute(expanded) ? expanded : resolve(cwd, expanded)
}
