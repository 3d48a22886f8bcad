// Finds the daemon for $XAGENT_HOME or starts one (detached, in its own process group, logging
// to logs/daemon.log) and returns a connected client. A daemon speaking an older protocol is
// replaced when it has no live sessions; otherwise the window gets a clear error.
import { spawn } from "node:child_process"
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { ProtocolError } from "../protocol"
import { bunTuning } from "../util/patches/bun-tuning"
import { EXIT_ALREADY_RUNNING, daemonPaths, xagentHome, type DaemonPaths } from "../util/daemon-paths"
import { envFingerprint } from "../util/env-fingerprint"
import { ConnectionLost, connectSocket, type SocketClient, type SocketClientOptions } from "./socket-client"

export interface ConnectOptions extends Omit<SocketClientOptions, "socketPath"> {
  home?: string
  /** Start a daemon when none answers (default true). */
  start?: boolean
  /** How long to wait for a started daemon to answer. */
  startTimeoutMs?: number
  /** Extra environment for a daemon this call starts. */
  env?: Record<string, string>
}

const DAEMON_MAIN = fileURLToPath(new URL("../daemon/main.ts", import.meta.url))
const LOG_ROTATE_BYTES = 5 * 1024 * 1024

export class DaemonUnavailable extends Error {}

function unreachable(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException)?.code
  return code === "ENOENT" || code === "ECONNREFUSED" || code === "ENOTSOCK" || code === "FailedToOpenSocket"
}

export async function connectOrStart(opts: ConnectOptions = {}): Promise<SocketClient> {
  const paths = daemonPaths(opts.home ?? xagentHome())
  const connect = () => connectSocket({ ...opts, socketPath: paths.socket })
  try {
    const client = await connect()
    if (opts.start === false) return client
    return await sameEnvironment(client, paths, opts)
  } catch (e) {
    if (e instanceof EnvironmentChanged) {
      // the old daemon is gone: start one with this environment below
    } else if (e instanceof ProtocolError && e.code === "version") {
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
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    await Bun.sleep(delay)
    try {
      return await connect()
    } catch (e) {
      if (e instanceof ProtocolError && e.code === "version") throw e
      if (Date.now() > deadline)
        throw new DaemonUnavailable(`the xagent daemon did not answer on ${paths.socket}:\n${logTail(paths)}`)
      // Exit code 3: another daemon holds the lock; it answers soon, or is going away and we try again.
      if (exited === EXIT_ALREADY_RUNNING) {
        if (Date.now() - spawnedAt > 1000) spawnOne()
      } else if (exited !== null)
        throw new DaemonUnavailable(`the xagent daemon exited with code ${exited}:\n${logTail(paths)}`)
    }
  }
}

/** Spawns `bun src/daemon/main.ts` detached from this terminal; returns without waiting. */
export function startDaemon(paths: DaemonPaths = daemonPaths(), env: Record<string, string> = {}) {
  if (!existsSync(DAEMON_MAIN)) throw new DaemonUnavailable(`cannot start the xagent daemon: ${DAEMON_MAIN} is missing`)
  mkdirSync(paths.logsDir, { recursive: true, mode: 0o700 })
  try {
    if (statSync(paths.log).size > LOG_ROTATE_BYTES) renameSync(paths.log, paths.log + ".1")
  } catch {}
  const fd = openSync(paths.log, "a", 0o600)
  try {
    const child = spawn(process.execPath, [DAEMON_MAIN], {
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

class EnvironmentChanged extends Error {}

/**
 * A daemon keeps the environment of the window that started it (keys, PATH, proxies). If this
 * one's differs, an idle daemon is replaced (EnvironmentChanged: start a new one); a busy one
 * stays, and the window is told what that means.
 */
async function sameEnvironment(client: SocketClient, paths: DaemonPaths, opts: ConnectOptions): Promise<SocketClient> {
  const mine = envFingerprint({ ...process.env, ...opts.env })
  if (client.daemonEnv === undefined || client.daemonEnv === mine) return client
  await client.close()
  if (await replaceIdleDaemon(paths)) throw new EnvironmentChanged()
  const again = await connectSocket({ ...opts, socketPath: paths.socket })
  again.notices.push(
    `The xagent daemon (pid ${again.daemonPid}) keeps the environment of the window that started it, ` +
      "and this one differs (API keys, PATH, proxies or PI_ settings). It has live sessions, so it stays: " +
      "sessions use its environment. Run `xagent daemon stop` once they are done to use this one.",
  )
  return again
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

function logTail(paths: DaemonPaths): string {
  try {
    return readFileSync(paths.log, "utf8").split("\n").slice(-15).join("\n")
  } catch {
    return "(no daemon log)"
  }
}
