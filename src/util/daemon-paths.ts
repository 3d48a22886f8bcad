// Where the daemon keeps its lock, socket and log. Shared by the daemon and the clients that
// find or start it, so both sides always agree on one place per $XAGENT_HOME.
import { createHash } from "node:crypto"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { homeDir } from "./paths"

/** daemon.log is rotated past this size: by the client that starts a daemon, and by the daemon while it runs. */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024

export interface DaemonPaths {
  home: string
  /** 0700: holds the lock, the socket and the state file. */
  runDir: string
  lock: string
  socket: string
  logsDir: string
  log: string
}

/** Unix socket paths longer than this do not fit `sun_path` (108 bytes with the terminator). */
const MAX_SOCKET_PATH = 100

export function xagentHome(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.XAGENT_HOME || join(homeDir(env), ".xagent"))
}

export function daemonPaths(home = xagentHome()): DaemonPaths {
  const runDir = join(home, "run")
  const logsDir = join(home, "logs")
  let socket = process.env.XAGENT_SOCKET || join(runDir, "daemon.sock")
  // A deep $XAGENT_HOME would not fit a socket address: use a per-user runtime dir, named for it.
  // $XDG_RUNTIME_DIR is private to the user; the temp dir is shared, so there the window also
  // checks who serves the socket before it says anything (socket-client.ts).
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const tag = createHash("sha256").update(home).digest("hex").slice(0, 16)
    const runtime = process.env.XDG_RUNTIME_DIR
    const base =
      runtime && runtime.startsWith("/") && Buffer.byteLength(join(runtime, "xagent", `${tag}.sock`)) <= MAX_SOCKET_PATH
        ? join(runtime, "xagent")
        : join(tmpdir(), `xagent-${process.getuid?.() ?? "u"}`)
    socket = join(base, `${tag}.sock`)
  }
  return { home, runDir, lock: join(runDir, "daemon.lock"), socket, logsDir, log: join(logsDir, "daemon.log") }
}

/** Exit code of a daemon that found another one holding the lock (a starter keeps waiting for it). */
export const EXIT_ALREADY_RUNNING = 3
