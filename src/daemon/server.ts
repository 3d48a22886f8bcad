// The socket server and the daemon's lifecycle: accepts windows, ends sessions nobody watches
// once they are idle, drops stuck clients, reaps orphaned zombies, and exits when idle.
// Those checks run on a ticker that runs only while one of them has something to wait for (a
// session no window watches, a client with unsent bytes, a zombie in its grace period, no client
// and no session at all); whatever can start one of those wakes it. A daemon serving windows that
// are merely open wakes for nothing.
import { chmodSync, existsSync, renameSync, unlinkSync, watch, type FSWatcher } from "node:fs"
import { basename, dirname } from "node:path"
import type { Socket, TCPSocketListener, UnixSocketListener } from "bun"
import { PROTOCOL_VERSION, type DaemonStatus } from "../protocol"
import type { HostApi } from "../runtime/hosting/host-api"
import type { DaemonPaths } from "../util/daemon-paths"
import { createQuietGc } from "../util/patches/quiet-gc"
import { adoptSocket, bunSocketLink, type Link } from "../util/patches/quiet-socket"
import { Admission } from "./admission"
import { Connection, encodedEvents, type DaemonContext, type Logger } from "./connection"
import { ensurePrivateDir } from "./lock"
import type { OutboxLimits } from "./outbox"
import type { HostPool } from "./host-pool"
import { judgePeer, type PeerVerdict } from "./peer"
import type { RemoteControl } from "./remote/remote-control"
import { reapOrphanZombies, trackedZombies } from "./reaper"

/** After a request (opening a long session, say): collect what it left behind once the window has it. */
const ONE_SHOT_QUIET_MS = 150

export interface DaemonServerOptions {
  paths: DaemonPaths
  loadHost: () => Promise<HostApi>
  log: Logger
  /** Exit after this long with no session and no client. */
  idleMs: number
  /** A session nobody watches, with nothing running or pending, ends after this long. */
  lingerMs: number
  maxFrameBytes: number
  /** All connections' partial frames together (default 4 frames' worth); over it, the one growing is dropped. */
  maxPartialBytes?: number
  /**
   * Connections of the person's processes at once (default 256); past it a connection that has
   * not spoken yet makes room, else the new one is closed at once, with a line in the log.
   */
  maxConnections?: number
  /** The same for the agent's processes and other untrusted peers (default 64), counted apart. */
  maxUntrustedConnections?: number
  /** A connection that sends no request for this long is closed (default 5 s; 0: never). */
  helloMs?: number
  outbox: OutboxLimits
  /** Decides what a connecting process may do (default: the peer-ancestry check). */
  judge?: (fd: number | undefined) => PeerVerdict
  /** What untrusted peers may call (default the protocol's ACCESS table). */
  access?: DaemonContext["access"]
  /** Called once when the daemon decides to stop (idle, `daemon stop`, signal). */
  onStop: (reason: string) => void
}

export interface DaemonServer {
  readonly startedAt: number
  status(): DaemonStatus
  /** Closes the socket and every connection, then disposes the host. */
  shutdown(reason: string): Promise<void>
}

export function startDaemonServer(opts: DaemonServerOptions): DaemonServer {
  const { paths, log } = opts
  const startedAt = Date.now()
  const conns = new Set<Connection>()
  const links = new Map<Connection, Link>()
  const quietGc = createQuietGc()
  let nextId = 1
  let partial = 0
  const maxPartial = opts.maxPartialBytes ?? 4 * opts.maxFrameBytes
  const admission = new Admission<Connection>(
    {
      max: opts.maxConnections ?? 256,
      maxUntrusted: opts.maxUntrustedConnections ?? 64,
      helloMs: opts.helloMs ?? 5000,
    },
    () => conns,
  )
  let host: HostApi | undefined
  let stopping = false
  let hostPromise: Promise<HostApi> | undefined
  // Loaded at start, so the first window finds it warm. A failed load is not kept: the next
  // request tries again (an install mended meanwhile works without restarting the daemon).
  const loadHost = (): Promise<HostApi> => {
    const p: Promise<HostApi> = opts.loadHost().then(
      (h) => (host = h),
      (e) => {
        log.error(`session host failed to load: ${(e as Error).stack ?? e}`)
        if (hostPromise === p) hostPromise = undefined
        throw e
      },
    )
    p.catch(() => {})
    return (hostPromise = p)
  }
  loadHost()

  const live = () => {
    try {
      return host?.live() ?? []
    } catch (e) {
      log.error(`host.live failed: ${(e as Error).message}`)
      return []
    }
  }

  const status = (): DaemonStatus => ({
    pid: process.pid,
    protocol: PROTOCOL_VERSION,
    startedAt,
    uptimeMs: Date.now() - startedAt,
    socket: paths.socket,
    home: paths.home,
    // a connection let go (too slow) is closed before its socket says so: it no longer counts
    clients: [...conns].filter((c) => !c.closed).length,
    sessions: live().map((s) => ({
      sessionId: s.sessionId,
      piSessionId: s.piSessionId,
      cwd: s.cwd,
      file: s.file,
      running: s.running,
      pendingQuestions: s.pendingQuestions,
      windows: s.subscribers,
    })),
    hosts: (host as Partial<HostPool> | undefined)?.hosts?.(),
    encodedEvents: encodedEvents(),
  })

  let remote: Promise<RemoteControl> | undefined
  const ctx: DaemonContext = {
    host: () => hostPromise ?? loadHost(),
    remote: () =>
      (remote ??= import("./remote/remote-control").then(
        (m) =>
          new m.RemoteControl({
            home: paths.home,
            host: () => ctx.host(),
            log,
            appDir: process.env.XAGENT_REMOTE_APP_DIR || undefined,
          }),
      )),
    remoteLoaded: () => remote !== undefined,
    log,
    status,
    maxFrameBytes: opts.maxFrameBytes,
    partialBytes(delta) {
      partial += delta
      return partial <= maxPartial
    },
    outbox: opts.outbox,
    access: opts.access,
    wake: () => wake(),
    activity: (oneShot) => quietGc.touch(oneShot ? ONE_SHOT_QUIET_MS : undefined),
    spoke: (conn) => admission.settled(conn),
    requestStop(reason, ifIdle) {
      if (ifIdle && live().length > 0) return false
      // No new window may reach a daemon on its way out (its hosts take a while to end): the
      // next one starts a fresh daemon, which waits for our lock.
      closeListener()
      // Let the reply reach the client before the socket closes.
      setTimeout(() => stop(reason), 20)
      return true
    },
  }

  function stop(reason: string) {
    if (stopping) return
    stopping = true
    opts.onStop(reason)
  }

  /**
   * Ends a session once no window watches it and it has nothing running or waiting. One holding
   * entries its file could not take stays: its host keeps retrying them, and ending it loses them.
   */
  function endIfAbandoned(sessionId: string, opts: { unlessTouched?: boolean } = {}) {
    const s = live().find((x) => x.sessionId === sessionId)
    if (!s || s.subscribers > 0 || s.running || s.pendingQuestions > 0 || (s.unsaved ?? 0) > 0) return
    // Another window may have just opened it and not subscribed yet: leave it to the linger check.
    if (opts.unlessTouched && [...conns].some((c) => c.touched.has(sessionId))) return
    log.info(`session ${sessionId} ended: no window left and nothing running`)
    host?.request("session.close", { sessionId }).catch((e) => log.error(`closing ${sessionId}: ${e.message}`))
  }

  function closed(conn: Connection) {
    admission.settled(conn)
    links.delete(conn)
    if (!conns.delete(conn)) return
    const touched = conn.onClose()
    // A window we let go for being slow has not left: it reconnects when it reads again,
    // so its sessions wait for the linger check instead of ending now.
    if (!conn.dropped) for (const id of touched) endIfAbandoned(id, { unlessTouched: true })
    // One that had sessions and is gone: the next start is often a moment away (quit and start
    // again, another tab). Not a command that only asked something, nor one that may only read.
    if (!conn.dropped && !stopping && conn.env && touched.length > 0 && conn.peer.trusted) host?.windowLeft?.(conn.env)
    wake()
  }

  // Unix sockets take the process umask: create it owner-only from the start, then make sure.
  ensurePrivateDir(paths.runDir)
  ensurePrivateDir(dirname(paths.socket))
  if (existsSync(paths.socket)) unlinkSync(paths.socket) // we hold the lock: any socket here is stale
  // Bound under a side name and renamed into place, so the socket's name never stands for a socket
  // that does not listen yet (a window connecting between bind and listen would be refused).
  // The side name fits sun_path: daemonPaths keeps 7 bytes spare.
  const sideName = `${paths.socket}.new`
  function listen(): UnixSocketListener<Connection> | TCPSocketListener<Connection> {
    const umask = process.umask(0o177)
    if (existsSync(sideName)) unlinkSync(sideName)
    try {
      const listener = Bun.listen<Connection>({
        unix: sideName,
        socket: {
          open(socket: Socket<Connection>) {
            const peer = (opts.judge ?? judgePeer)((socket as unknown as { fd?: number }).fd)
            const full = admission.room(peer)
            if (full) {
              log.warn(`refused a connection${peer.pid ? ` of pid ${peer.pid}` : ""}: ${full}`)
              return void socket.end()
            }
            const conn: Connection = new Connection(
              nextId++,
              { write: (b): number => links.get(conn)?.write(b) ?? -1, destroy: () => links.get(conn)?.destroy() },
              peer,
              ctx,
            )
            conns.add(conn)
            admission.started(conn)
            const link = adoptSocket(socket, {
              data: (chunk) => conn.onData(chunk),
              drain: () => conn.outbox.drain(),
              close: () => closed(conn),
            })
            if (link) return void links.set(conn, link)
            // Bun's socket stays in use where it cannot be handed over (see quiet-socket.ts)
            links.set(conn, bunSocketLink(socket))
            socket.data = conn
          },
          data(socket, chunk) {
            socket.data?.onData(chunk)
          },
          drain(socket) {
            socket.data?.outbox.drain()
          },
          close(socket) {
            if (socket.data) closed(socket.data)
          },
          error(socket, err) {
            log.warn(`${socket.data?.label ?? "client"} socket error: ${err.message}`)
          },
        },
      })
      chmodSync(sideName, 0o600)
      renameSync(sideName, paths.socket)
      return listener
    } finally {
      process.umask(umask)
    }
  }
  let listener = listen()

  let listening = true
  const replaced: (typeof listener)[] = []
  // Any same-user process (the agent's included) can remove the socket file: listen again at
  // once, so windows keep finding this daemon. inotify, so an idle daemon stays asleep.
  const socketWatch = watchFolder(dirname(paths.socket), (name) => {
    if (!listening || name !== basename(paths.socket) || existsSync(paths.socket)) return
    log.warn(`the socket ${paths.socket} was removed: listening on it again`)
    try {
      // the old listener, now nameless, is stopped with the rest at shutdown
      replaced.push(listener)
      listener = listen()
    } catch (e) {
      log.error(`could not listen on ${paths.socket} again: ${(e as Error).message}`)
    }
  })

  function closeListener() {
    if (!listening) return
    listening = false
    socketWatch?.close()
    for (const l of replaced.splice(0)) l.stop(false)
    listener.stop(false)
    try {
      if (existsSync(paths.socket)) unlinkSync(paths.socket)
    } catch {}
  }

  const orphanSince = new Map<string, number>()
  let idleSince: number | undefined
  const tickMs = Math.max(25, Math.min(2000, Math.floor(Math.min(opts.idleMs, opts.lingerMs || opts.idleMs) / 5)))
  let ticker: ReturnType<typeof setInterval> | undefined

  function wake() {
    if (ticker || stopping) return
    ticker = setInterval(tick, tickMs)
  }

  function tick() {
    const now = Date.now()
    let backlog = false
    for (const c of conns) {
      c.outbox.checkStall(now)
      if (c.outbox.bytesQueued > 0) backlog = true
    }
    const sessions = live()
    let unwatched = false
    for (const s of sessions) {
      if (s.subscribers === 0) unwatched = true
      const idle = s.subscribers === 0 && !s.running && s.pendingQuestions === 0 && !s.unsaved
      if (!idle) orphanSince.delete(s.sessionId)
      else if (now - (orphanSince.get(s.sessionId) ?? (orphanSince.set(s.sessionId, now), now)) >= opts.lingerMs) {
        orphanSince.delete(s.sessionId)
        endIfAbandoned(s.sessionId)
      }
    }
    const empty = conns.size === 0 && sessions.length === 0
    if (!empty) idleSince = undefined
    else if (now - (idleSince ??= now) >= opts.idleMs) stop(`idle for ${opts.idleMs} ms`)
    reapOrphanZombies(now)
    if (backlog || unwatched || empty || trackedZombies() > 0 || stopping) return
    clearInterval(ticker)
    ticker = undefined
  }

  wake()
  // an orphan the sessions left behind has exited: it may need reaping (see reaper.ts)
  const onChild = () => wake()
  process.on("SIGCHLD", onChild)

  return {
    startedAt,
    status,
    async shutdown(reason) {
      clearInterval(ticker)
      ticker = undefined
      quietGc.dispose()
      process.off("SIGCHLD", onChild)
      log.info(`shutting down: ${reason}`)
      closeListener()
      listener.stop(true)
      if (remote) (await remote.catch(() => undefined))?.dispose()
      for (const c of conns) c.onClose()
      for (const link of links.values()) link.end()
      conns.clear()
      links.clear()
      if (host) {
        await Promise.race([host.dispose(), Bun.sleep(5000)]).catch((e) => log.error(`host.dispose: ${e.message}`))
      }
    },
  }
}

function watchFolder(dir: string, onChange: (name: string | null) => void): FSWatcher | undefined {
  try {
    const w = watch(dir, { persistent: false }, (_event, name) => onChange(name ? String(name) : null))
    w.on("error", () => {})
    return w
  } catch {
    return undefined
  }
}
