// Where computer-use can run (design section 5): Windows, or WSL with interop (a WSLInterop
// binfmt entry and a cmd.exe that runs). Elsewhere the extension registers no model tools and
// its commands say why. WSL1 works untested, with a warning.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import type { HostKind } from "./protocol"

export type Support = { supported: true; host: HostKind; warning?: string } | { supported: false; reason: string }

export interface PlatformProbe {
  platform: string
  osrelease(): string | undefined
  interop(): boolean
  cmdRuns(): boolean
}

export const realProbe: PlatformProbe = {
  platform: process.platform,
  osrelease: () => {
    try {
      return readFileSync("/proc/sys/kernel/osrelease", "utf8")
    } catch {
      return undefined
    }
  },
  interop: () => {
    const dir = "/proc/sys/fs/binfmt_misc"
    return existsSync(dir) && readdirSync(dir).some((f) => f.startsWith("WSLInterop"))
  },
  cmdRuns: () => spawnSync("cmd.exe", ["/c", "ver"], { timeout: 5_000 }).status === 0,
}

export function detectSupport(p: PlatformProbe = realProbe): Support {
  if (p.platform === "win32") return { supported: true, host: "win32" }
  const rel = p.platform === "linux" ? p.osrelease() : undefined
  if (!rel || !/microsoft/i.test(rel))
    return {
      supported: false,
      reason: `computer-use needs Windows or WSL (this is ${p.platform}); it drives the Windows desktop`,
    }
  if (!p.interop())
    return {
      supported: false,
      reason: "computer-use needs WSL interop (no WSLInterop entry in binfmt_misc): enable it in /etc/wsl.conf",
    }
  if (!p.cmdRuns())
    return { supported: false, reason: "computer-use needs WSL interop, but cmd.exe does not run from here" }
  const wsl1 = !/microsoft-standard|WSL2/i.test(rel)
  return { supported: true, host: "wsl", ...(wsl1 ? { warning: "WSL1 is untested for computer-use; WSL2 is" } : {}) }
}
