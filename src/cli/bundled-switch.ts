// Which bundled extensions (extensions/<name>) a run switches off: XAGENT_NO_BUNDLED and each
// `--no-bundled <name>`. The list travels in session.open, so a shared daemon applies it to the
// sessions this window opens only.
import { bundledDir, bundledNames, nameList } from "../util/bundled-dir"
import { UsageError } from "./usage-error"

/** Commander starts a `--no-x <value>` option at `true`; each use adds names. */
export const collectNames = (value: string, previous: unknown): string[] => [
  ...(Array.isArray(previous) ? previous : []),
  ...nameList(value),
]

/**
 * A name on the command line must exist (a typo would leave the extension on, silently). Names in
 * the environment may be for another version of xagent: the host warns about those instead.
 */
export function switchedOff(flag: unknown, env: NodeJS.ProcessEnv): string[] {
  const named = Array.isArray(flag) ? (flag as string[]) : []
  if (named.length) {
    const known = bundledNames(bundledDir(env))
    const unknown = named.find((n) => !known.includes(n))
    if (unknown !== undefined)
      throw new UsageError(
        `--no-bundled '${unknown}' is not a bundled extension: use one of ${known.join(", ") || "(none are installed)"}`,
      )
  }
  return [...new Set([...nameList(env.XAGENT_NO_BUNDLED), ...named])]
}
