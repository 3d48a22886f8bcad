// Is a daemon behind this $XAGENT_HOME's socket? Found by connecting and hanging up (no hello, no
// request): a socket file can outlive its daemon (killed -9, a crash), and only a connect tells.
import { existsSync, readFileSync } from "node:fs"
import { connect } from "node:net"
import { daemonPaths } from "./daemon-paths"

export type DaemonProbe =
  | { state: "absent"; socket: string }
  | { state: "answering"; socket: string; pid?: number }
  | { state: "stale"; socket: string }
  | { state: "unreachable"; socket: string; error: string }

export async function probeDaemon(paths = daemonPaths(), timeoutMs = 5000): Promise<DaemonProbe> {
  const socket = paths.socket
  if (!existsSync(socket)) return { state: "absent", socket }
  return new Promise((resolve) => {
    const conn = connect(socket)
    const timer = setTimeout(() => done({ state: "unreachable", socket, error: "no answer to a connect" }), timeoutMs)
    function done(r: DaemonProbe) {
      clearTimeout(timer)
      conn.destroy()
      resolve(r)
    }
    conn.once("connect", () => done({ state: "answering", socket, pid: lockPid(paths.lock) }))
    conn.once("error", (e: NodeJS.ErrnoException) =>
      done(
        e.code === "ECONNREFUSED" || e.code === "ENOENT"
          ? { state: "stale", socket }
          : { state: "unreachable", socket, error: e.message },
      ),
    )
  })
}

/** The pid the running daemon wrote into its lock file, when it reads. */
function lockPid(lock: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(lock, "utf8")) as { pid?: unknown }).pid
    return typeof pid === "number" ? pid : undefined
  } catch {
    return undefined
  }
}
