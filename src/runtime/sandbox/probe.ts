// Is a sandbox available here? Found by running one: bwrap may be installed and still fail
// (user namespaces off by sysctl or AppArmor, a container without them), and only a try tells.
import { spawnSync } from "node:child_process"
import { bwrapArgs } from "./bwrap-args"

export type Availability = { ok: true; bwrap: string } | { ok: false; reason: string; fix: string }

const INSTALL =
  "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; Arch: pacman -S bubblewrap)"

const cache = new Map<string, Availability>()

/**
 * `bwrap`: the binary to use (default `XAGENT_BWRAP`, else `bwrap` on PATH). Cached per binary;
 * `fresh` runs it again (/doctor after the person installed bubblewrap) and keeps the new answer
 * for the sessions opened after it.
 */
export function probeSandbox(bwrap = process.env.XAGENT_BWRAP || "bwrap", fresh = false): Availability {
  let got = fresh ? undefined : cache.get(bwrap)
  if (!got) cache.set(bwrap, (got = probe(bwrap)))
  return got
}

function probe(bwrap: string): Availability {
  if (process.platform !== "linux")
    return {
      ok: false,
      reason: `xagent's sandbox needs Linux (this is ${process.platform})`,
      fix: "run xagent on Linux or in WSL 2 with bubblewrap installed",
    }
  const policy = { writable: [], readable: [], hidden: [], masked: [], network: { kind: "off" as const } }
  const r = spawnSync(bwrap, [...bwrapArgs(policy, "/"), "--", "/bin/sh", "-c", "exit 0"], {
    encoding: "utf8",
    timeout: 10_000,
  })
  if (r.error && (r.error as NodeJS.ErrnoException).code === "ENOENT")
    return { ok: false, reason: `bubblewrap (${bwrap}) is not installed`, fix: INSTALL }
  if (r.status === 0) return { ok: true, bwrap }
  const said = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0]!
  if (/namespace|permission|operation not permitted/i.test(said))
    return {
      ok: false,
      reason: `bubblewrap cannot create a sandbox here: ${said}`,
      fix: "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0; on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap)",
    }
  return { ok: false, reason: `bubblewrap failed: ${said}`, fix: INSTALL }
}
