// Starting one session-host process (host-process.ts): kept apart from host-child.ts, which
// speaks to it, so the daemon's entry can start its spare host before it loads anything else
// (spare-host.ts). The fourth stdio entry is the link: a socketpair, fd 3 in the host.
import type { Subprocess } from "bun"
import { join } from "node:path"
import { PACKAGE_ROOT } from "../util/package-dir"
import { bunTuning } from "../util/patches/bun-tuning"

/** From the package's root: this file may run from the daemon's bundle (util/daemon-bundle.ts). */
const HOST_MAIN = join(PACKAGE_ROOT, "src", "daemon", "host-process.ts")

/** A host process in `cwd` with `env`, in a process group of its own. */
export function spawnHost(cwd: string, env: Record<string, string>): Subprocess {
  return Bun.spawn([process.execPath, HOST_MAIN], {
    cwd,
    env: { ...env, ...bunTuning(env) },
    // the broker's log takes what the host prints (Pi's own warnings included); the fourth is
    // the link, a socketpair (fd 3 in the host) whose end here the link owns and closes
    stdio: ["ignore", "inherit", "inherit", "socket-fd"],
    detached: true,
  })
}
