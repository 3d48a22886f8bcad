// One switch per patch (docs/patches.md lists them): `XAGENT_NO_<NAME>=1` turns that patch off,
// so a patch suspected after a dependency upgrade can be ruled out without a rebuild, and so the
// product can be checked to work without it. Pure: it reads the environment it is given and
// nothing else, so the window may use it too.

/** Every patch that reaches into a pinned dependency's internals, by switch name. */
export const PATCHES = [
  "MARKDOWN_PATCH",
  "QUIET_SOCKET",
  "BUN_TUNING",
  "QUIET_GC",
  "TMUX_OSC52",
  "SESSION_WRITES",
  "FOOTER_SEED",
  "IDENTITY",
  "PI_THEME",
  "PI_BUILTINS",
  "BUILTIN_SOURCE",
  "EXTENSION_SENDS",
  "SCROLLBACK_SETTLE",
  "OUTPUT_FILTER",
] as const

export type PatchName = (typeof PATCHES)[number]

export const patchSwitch = (name: PatchName): string => `XAGENT_NO_${name}`

/** False when `XAGENT_NO_<name>` is set to anything but "" or "0". */
export function patchOn(name: PatchName, env: Record<string, string | undefined> = process.env): boolean {
  const v = env[patchSwitch(name)]
  return v === undefined || v === "" || v === "0"
}
