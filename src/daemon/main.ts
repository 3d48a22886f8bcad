// Daemon entry: `bun src/daemon/main.ts` (started by `connectOrStart` or `xagent daemon start`).
// Takes the lock, starts a spare session host (spare-host.ts), listens at once (so windows connect
// fast), and brokers: each live session runs in a host process of its own (host-pool.ts).
// Only what the lock and the spare need is imported up front: the server's code (TypeBox's
// compiler among it) loads while the spare's Bun starts.
import { dropBunTuning } from "../util/patches/bun-tuning"
import { EXIT_ALREADY_RUNNING, LOG_ROTATE_BYTES, daemonPaths, xagentHome } from "../util/daemon-paths"
import { MAX_FRAME_BYTES } from "../protocol"
import type { HostApi } from "../runtime/hosting/host-api"
import { becomeChildSubreaper } from "../util/libc"
import { noPeerChecksReason, peerChecksAvailable } from "../util/peer-checks"
import { DaemonRunning, acquireLock } from "./lock"
import { stderrLogger } from "./log"
import { SPARE_TTL_MS, startSpareHost } from "./spare-host"
import { stringEnv } from "../util/env-fingerprint"
import { startMark } from "../util/start-trace"

function envInt(name: string, fallback: number): number {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

export async function runDaemon(): Promise<number> {
  // Meant for this process (see startDaemon), not for the tools and commands its sessions run.
  dropBunTuning()
  startMark("daemon", "main")
  const paths = daemonPaths(xagentHome())
  const log = stderrLogger({ file: paths.log, maxBytes: envInt("XAGENT_DAEMON_LOG_BYTES", LOG_ROTATE_BYTES) })
  let lock: ReturnType<typeof acquireLock>
  try {
    lock = acquireLock(paths)
  } catch (e) {
    if (e instanceof DaemonRunning) {
      log.info(`not starting: ${e.message}`)
      return EXIT_ALREADY_RUNNING
    }
    throw e
  }
  // Before any session exists: everything the agent starts must stay our descendant (see peer.ts).
  if (!becomeChildSubreaper() && process.platform === "linux") log.warn("could not become a child subreaper")
  if (!peerChecksAvailable()) log.warn(`every client may only read: ${noPeerChecksReason()}`)
  const ownEnv = stringEnv(process.env)
  const spareMs = envInt("XAGENT_DAEMON_SPARE_MS", SPARE_TTL_MS)
  const spare = startSpareHost(paths.home, { ...ownEnv, XAGENT_HOME: paths.home }, spareMs)
  startMark("daemon", "spare spawned")
  const [{ createHostPool }, { startDaemonServer }] = await Promise.all([import("./host-pool"), import("./server")])

  process.on("uncaughtException", (e) => log.error(`uncaught: ${e.stack ?? e}`))
  process.on("unhandledRejection", (e) => log.error(`unhandled rejection: ${(e as Error)?.stack ?? e}`))

  let resolveDone!: (reason: string) => void
  const done = new Promise<string>((r) => (resolveDone = r))
  const server = startDaemonServer({
    paths,
    log,
    // one process per live session (docs/adr-session-hosts.md): the broker never loads Pi
    loadHost: async (): Promise<HostApi> =>
      createHostPool({
        home: paths.home,
        log: (msg: string) => log.info(msg),
        fallbackEnv: ownEnv,
        spare,
        spawnSpare: (env) => startSpareHost(paths.home, env, spareMs),
      }),
    idleMs: envInt("XAGENT_DAEMON_IDLE_MS", 10 * 60_000),
    lingerMs: envInt("XAGENT_DAEMON_LINGER_MS", 10 * 60_000),
    maxFrameBytes: envInt("XAGENT_DAEMON_MAX_FRAME", MAX_FRAME_BYTES),
    maxPartialBytes: envInt("XAGENT_DAEMON_MAX_PARTIAL", 4 * envInt("XAGENT_DAEMON_MAX_FRAME", MAX_FRAME_BYTES)),
    maxConnections: envInt("XAGENT_DAEMON_MAX_CONNECTIONS", 256),
    maxUntrustedConnections: envInt("XAGENT_DAEMON_MAX_UNTRUSTED_CONNECTIONS", 64),
    helloMs: envInt("XAGENT_DAEMON_HELLO_MS", 5000),
    outbox: {
      maxQueuedBytes: envInt("XAGENT_DAEMON_OUTBOX_BYTES", 16 * 1024 * 1024),
      stallMs: envInt("XAGENT_DAEMON_STALL_MS", 60_000),
    },
    onStop: resolveDone,
  })
  log.info(`daemon ${process.pid} listening on ${paths.socket}`)
  startMark("daemon", "listening")
  for (const sig of ["SIGTERM", "SIGINT"] as const) process.on(sig, () => resolveDone(sig))
  process.on("SIGHUP", () => {})

  const reason = await done
  await server.shutdown(reason)
  lock.release()
  log.info("daemon stopped")
  return 0
}

if (import.meta.main) {
  runDaemon().then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`${new Date().toISOString()} error daemon failed: ${(e as Error).stack ?? e}\n`)
      process.exit(1)
    },
  )
}
