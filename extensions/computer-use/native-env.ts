// Where the native backend runs its Windows processes from: Windows itself, or WSL through
// interop (the .exe files on /mnt/<drive> start as Windows processes; their paths are converted
// for the arguments). Helpers are staged in %LOCALAPPDATA%\xagent\computer-use\<hash>\, compiled
// on first use by the .NET Framework's csc.exe, and reused while the hash matches.
import { spawnSync } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { join } from "node:path"
import { ASSETS_DIR, CSC_FLAGS, HELPERS, helpersHash, type HelperName } from "./helpers"
import { ComputerError, type HostKind } from "./protocol"
import { encodedCommand, fromWindowsPath, helperArgv, toWindowsPath } from "./wsl-paths"

export interface NativeEnv {
  host: HostKind
  /** This side's path to a Windows path, for arguments of Windows processes. */
  win(path: string): string
  windir: string
  localAppData(): string
}

export function nativeEnv(host: HostKind): NativeEnv {
  const distro = process.env.WSL_DISTRO_NAME ?? "Ubuntu"
  if (host === "win32")
    return {
      host,
      win: (p) => p,
      windir: process.env.WINDIR ?? "C:\\Windows",
      localAppData: () => process.env.LOCALAPPDATA ?? join(process.env.USERPROFILE ?? "C:\\", "AppData", "Local"),
    }
  return {
    host,
    win: (p) => toWindowsPath(p, distro),
    windir: "/mnt/c/Windows",
    // WSL does not forward %LOCALAPPDATA% unless WSLENV says so: ask Windows.
    localAppData: () => {
      const r = spawnSync(
        "powershell.exe",
        [
          "-NoProfile",
          "-NonInteractive",
          "-EncodedCommand",
          encodedCommand("[Environment]::GetFolderPath('LocalApplicationData')"),
        ],
        { encoding: "utf8", timeout: 20_000 },
      )
      if (r.status !== 0)
        throw new ComputerError(
          "NATIVE_HELPER_UNAVAILABLE",
          `powershell.exe did not answer: ${r.stderr || r.error?.message}`,
        )
      return fromWindowsPath(r.stdout)
    },
  }
}

/** The helpers' .exe files, compiling them on first use (per hash). */
export function ensureHelpers(env: NativeEnv): Record<HelperName, string> {
  const dir = join(env.localAppData(), "xagent", "computer-use", helpersHash())
  const exe = Object.fromEntries(HELPERS.map((h) => [h.name, join(dir, `${h.name}.exe`)])) as Record<HelperName, string>
  if (HELPERS.every((h) => existsSync(exe[h.name]))) return exe
  const fw = join(env.windir, "Microsoft.NET", "Framework64", "v4.0.30319")
  const csc = join(fw, "csc.exe")
  if (!existsSync(csc)) throw new ComputerError("NATIVE_HELPER_UNAVAILABLE", `No .NET Framework compiler at ${csc}`)
  const tmp = `${dir}.${process.pid}.tmp`
  mkdirSync(tmp, { recursive: true })
  try {
    for (const f of new Set(HELPERS.flatMap((h) => h.files))) copyFileSync(join(ASSETS_DIR, f), join(tmp, f))
    for (const h of HELPERS) {
      const refs = h.refs.map((r) =>
        r.startsWith("winmd:") ? join(env.windir, "System32", "WinMetadata", r.slice(6)) : join(fw, ...r.split("/")),
      )
      const args = helperArgv(
        [
          ...CSC_FLAGS,
          `/out:${env.win(join(tmp, `${h.name}.exe`))}`,
          ...refs.map((r) => `/reference:${env.win(r)}`),
          ...h.files.map((f) => ({ path: join(tmp, f) })),
        ],
        env.host === "wsl" ? { distro: process.env.WSL_DISTRO_NAME ?? "Ubuntu" } : undefined,
      )
      const r = spawnSync(csc, args, { encoding: "utf8", timeout: 120_000 })
      // OCR is unproven (WinRT without package identity): the others still work without it.
      if (r.status !== 0 && h.name !== "ocr")
        throw new ComputerError(
          "NATIVE_HELPER_UNAVAILABLE",
          `csc could not compile the ${h.name} helper: ${(r.stdout + r.stderr).slice(0, 2000)}`,
        )
    }
    mkdirSync(join(dir, ".."), { recursive: true })
    if (!existsSync(dir)) renameSync(tmp, dir)
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  return exe
}
