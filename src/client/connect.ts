// Finds the daemon for $XAGENT_HOME or starts one (detached, in its own process group, logging
// to logs/daemon.log) and returns a connected client. A daemon speaking an older protocol is
// replaced when it has no live sessions; otherwise the window gets a clear error. The window's
// environment goes with hello: the sessions it opens run with it.
import { spawn } from "node:child_process"
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs"
import { join } from "node:path"
import { ProtocolError } from "../protocol"
import { bunTuning } from "../util/patches/bun-tuning"
import { daemonEntry } from "../util/daemon-bundle"
import { EXIT_ALREADY_RUNNING, LOG_ROTATE_BYTES, daemonPaths, xagentHome, type DaemonPaths } from "../util/daemon-paths"
import { stringEnv } from "../util/env-fingerprint"
import { startMark } from "../util/start-trace"
import { ConnectionLost, connectSocket, type SocketClient, type SocketClientOptions } from "./socket-client"

export interface ConnectOptions extends Omit<SocketClientOptions, "socketPath"> {
  home?: string
  /** Start a daemon when none answers (default true). */
  start?: boolean
  /** How long to wait for a started daemon to answer. */
  startTimeoutMs?: number
  /** Extra environment for the sessions this client opens (and a daemon this call starts). */
  env?: Record<string, string>
}

export class DaemonUnavailable extends Error {}

function unreachable(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException)?.code
  return code === "ENOENT" || code === "ECONNREFUSED" || code === "ENOTSOCK" || code === "FailedToOpenSocket"
}

export async function connectOrStart(opts: ConnectOptions = {}): Promise<SocketClient> {
  const paths = daemonPaths(opts.home ?? xagentHome())
  // sessions run with this environment, whatever the daemon's (docs/adr-session-hosts.md)
  const env = { ...stringEnv(process.env), ...opts.env }
  const connect = () => connectSocket({ ...opts, env, socketPath: paths.socket })
  try {
    return await connect()
  } catch (e) {
    if (e instanceof ProtocolError && e.code === "version") {
      if (opts.start === false || !(await replaceIdleDaemon(paths))) throw e
    } else if (!unreachable(e) && !(e instanceof ConnectionLost)) throw e
    else if (opts.start === false) throw new DaemonUnavailable(`no xagent daemon is running (${paths.socket})`)
  }
  const deadline = Date.now() + (opts.startTimeoutMs ?? 20_000)
  let exited = null as number | null
  let spawnedAt = 0
  const spawnOne = () => {
    exited = null
    spawnedAt = Date.now()
    startDaemon(paths, opts.env).on("exit", (code) => (exited = code ?? 1))
  }
  spawnOne()
  startMark("window", "daemon spawned")
  // A refused connect costs next to nothing: look often, so the window hears the daemon soon after it listens.
  for (let delay = 10; ; delay = Math.min(delay + 10, 50)) {
    await Bun.sleep(delay)
    try {
      return await connect()
    } catch (e) {
      if (e instanceof ProtocolError && e.code === "version") throw e
      if (Date.now() > deadline)
        throw new DaemonUnavailable(`the xagent daemon did not answer on ${paths.socket}${logTail(paths)}`)
      // Exit code 3: another daemon holds the lock; it answers soon, or is going away and we try again.
      if (exited === EXIT_ALREADY_RUNNING) {
        if (Date.now() - spawnedAt > 1000) spawnOne()
      } else if (exited !== null)
        throw new DaemonUnavailable(`the xagent daemon exited with code ${exited}${logTail(paths)}`)
    }
  }
}

/** Spawns `bun src/daemon/main.ts` (or its prebuilt bundle) detached from this terminal; returns without waiting. */
export function startDaemon(paths: DaemonPaths = daemonPaths(), env: Record<string, string> = {}) {
  const main = daemonEntry(undefined, { ...process.env, ...env })
  if (!existsSync(main)) throw new DaemonUnavailable(`cannot start the xagent daemon: ${main} is missing`)
  mkdirSync(paths.logsDir, { recursive: true, mode: 0o700 })
  try {
    if (statSync(paths.log).size > LOG_ROTATE_BYTES) renameSync(paths.log, paths.log + ".1")
  } catch {}
  const fd = openSync(paths.log, "a", 0o600)
  try {
    const child = spawn(process.execPath, [main], {
      cwd: paths.home,
      detached: true,
      stdio: ["ignore", fd, fd],
      // the daemon takes the tuning out of its environment again
      env: { ...process.env, ...env, ...bunTuning({ ...process.env, ...env }), XAGENT_HOME: paths.home },
    })
    child.unref()
    return child
  } finally {
    closeSync(fd)
  }
}

/** Asks an older daemon to stop if it has nothing live; true once it is gone. */
async function replaceIdleDaemon(paths: DaemonPaths): Promise<boolean> {
  const quiet = { socketPath: paths.socket, heartbeatMs: 0, reconnect: false, skipHello: true }
  let old: SocketClient | undefined
  try {
    old = await connectSocket(quiet)
    const { stopping } = await old.daemon("daemon.stop", { ifIdle: true })
    if (!stopping) return false
    const gone = Date.now() + 5000
    while (Date.now() < gone) {
      try {
        const probe = await connectSocket(quiet)
        await probe.close()
      } catch {
        return true
      }
      await Bun.sleep(50)
    }
    return false
  } catch {
    return false
  } finally {
    await old?.close()
  }
}

/**
 * The end of the daemon's log, after a colon: ":\n<lines>". The daemon writes why it ended there,
 * so a log that says nothing could not be written: then the reason on the same line, which is the
 * one a command's error shows (a full disk, a read-only one).
 */
function logTail(paths: DaemonPaths): string {
  let tail: string
  try {
    tail = readFileSync(paths.log, "utf8").split("\n").slice(-15).join("\n")
  } catch {
    tail = ""
  }
  if (tail.trim()) return `:\n${tail}`
  return `: ${unwritable(paths.home) ?? `its log (${paths.log}) says nothing`}`
}

/** Why nothing can be written in `dir` (a full disk, a read-only one), found by trying; undefined if it can. */
function unwritable(dir: string): string | undefined {
  const probe = join(dir, `.write-probe-${process.pid}`)
  let fd: number | undefined
  try {
    fd = openSync(probe, "wx", 0o600)
    writeSync(fd, Buffer.alloc(64 * 1024))
    return undefined
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    const what = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message
    return `${dir} cannot be written: ${err.code ? `${err.code} (${what})` : what}`
  } finally {
    if (fd !== undefined) closeSync(fd)
    try {
      unlinkSync(probe)
    } catch {}
  }
}
