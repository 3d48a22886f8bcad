// `-e` takes a file, a package source that Pi installs for the run (npm:, git:, a URL), or one of
// Pi's built-in extensions by name. The prefixes are Pi's own (isLocalPath in its utils/paths.js,
// which it does not export).
const PACKAGE_SOURCE = /^(npm|git|github|https?|ssh):/

export function isPackageSource(value: string): boolean {
  return PACKAGE_SOURCE.test(value.trim())
}

/** Pi's `builtin:<name>` (`-e builtin:mcp`): one of Pi's own extensions, loaded by name. */
export function isBuiltinExtension(value: string): boolean {
  return value.trim().startsWith("builtin:")
}

/** An `-e` value Pi resolves itself (a package source or a built-in extension's name), not a path. */
export function isNamedExtension(value: string): boolean {
  return isPackageSource(value) || isBuiltinExtension(value)
}
