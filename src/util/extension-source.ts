// `-e` takes a file or a package source that Pi installs for the run (npm:, git:, a URL). The
// prefixes are Pi's own (isLocalPath in its utils/paths.js, which it does not export).
const PACKAGE_SOURCE = /^(npm|git|github|https?|ssh):/

export function isPackageSource(value: string): boolean {
  return PACKAGE_SOURCE.test(value.trim())
}
