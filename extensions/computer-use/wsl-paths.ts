// Paths between WSL and Windows, for helpers started through interop: /mnt/<drive>/… is that
// drive, anything else is inside the distribution (\\wsl.localhost\<distro>\…). Pure, so spaces
// and Unicode are tested without Windows; argv arrays carry the result unquoted.

export function toWindowsPath(path: string, distro: string): string {
  const m = /^\/mnt\/([a-zA-Z])(\/.*)?$/.exec(path)
  if (m) return `${m[1]!.toUpperCase()}:${(m[2] ?? "/").replaceAll("/", "\\")}`
  if (!path.startsWith("/")) throw new Error(`Not an absolute WSL path: ${path}`)
  return `\\\\wsl.localhost\\${distro}${path.replaceAll("/", "\\")}`
}

export function fromWindowsPath(path: string): string {
  const m = /^([a-zA-Z]):[\\/]?(.*)$/.exec(path.trim())
  if (!m) throw new Error(`Not a Windows drive path: ${path}`)
  const rest = m[2]!.replaceAll("\\", "/").replace(/\/+$/, "")
  return `/mnt/${m[1]!.toLowerCase()}${rest ? `/${rest}` : ""}`
}

/** The argv for a Windows helper: paths converted when started from WSL, each one argument. */
export function helperArgv(
  args: readonly (string | { path: string })[],
  wsl: { distro: string } | undefined,
): string[] {
  return args.map((a) => (typeof a === "string" ? a : wsl ? toWindowsPath(a.path, wsl.distro) : a.path))
}

/** PowerShell's -EncodedCommand: the script as UTF-16LE base64, so no quoting reaches a shell. */
export function encodedCommand(script: string): string {
  return Buffer.from(script, "utf16le").toString("base64")
}
