// The window's side of the daemon socket: JSONL requests correlated by id, per-session event
// routing with the last seen seq (so a reconnect resumes where it left off), a heartbeat that
// reports `degraded` for each missed ping while the daemon's process lives (a stopped one is
// waited for) and `lost` once it is gone. The heartbeat runs only while
// the window waits for something (a request in flight, a reply running): an idle window wakes
// for nothing, and a daemon that hung meanwhile is found by the next request.
import { stringEnv } from "../util/env-fingerprint"
import { peerCred } from "../util/libc"
import { processState } from "../util/process-state"
import { adoptSocket, bunSocketLink, type Link } from "../util/patches/quiet-socket"
import type { Client, ConnectionState } from "./client"
import {
  encodeFrame,
  LineDecoder,
  MAX_FRAME_BYTES,
  PieceJoiner,
  PROTOCOL_VERSION,
  ProtocolError,
  type DaemonMethod,
  type DaemonParams,
  type DaemonResults,
  type ErrorBody,
  type EventEnvelope,
  type Method,
  type Params,
  type Result,
} from "../protocol"

export interface SocketClientOptions {
  socketPath: string
  /** Shown in the daemon's log. */
  clientName?: string
  /** Ping period; a missed answer reports `degraded`, or `lost` if the daemon's process is gone. 0 turns it off. */
  heartbeatMs?: number
  /** Reconnect to the same socket when it drops (a slow window the daemon let go). */
  reconnect?: boolean
  /** Only for tests of version mismatch. */
  protocolVersion?: number
  /** Connect without hello: only `daemon.status` and `daemon.stop` work (any protocol version). */
  skipHello?: boolean
  /** A daemon that accepts the connection but does not answer hello within this is reported. */
  helloTimeoutMs?: number
  /** Sent with hello: the sessions this client opens run with it (default this process's environment). */
  env?: Record<string, string>
  /** Largest line read or sent (default the protocol's; tests lower it with the daemon's XAGENT_DAEMON_MAX_FRAME). */
  maxFrameBytes?: number
}

export interface SocketClient extends Client {
  readonly kind: "socket"
  /** Pid of the daemon answering, from hello. */
  readonly daemonPid: number
  readonly notices: string[]
  /** Requests the daemon answers itself (status, stop, ping). */
  daemon<M extends DaemonMethod>(method: M, params: DaemonParams<M>): Promise<DaemonResults[M]>
}

interface Pending {
  resolve(v: unknown): void
  reject(e: Error): void
}

interface Sub {
  onEvent(e: EventEnvelope): void
  lastSeq: number
  /** A reply is running in this session (from its snapshot and run events). */
  running: boolean
}

const RECONNECT_DELAYS = [50, 200, 500, 1000]

/** XAGENT_HEARTBEAT_MS sets the window's ping period (tests of a stopped daemon use a short one). */
const DEFAULT_HEARTBEAT_MS =
  Number(process.env.XAGENT_HEARTBEAT_MS) > 0 ? Number(process.env.XAGENT_HEARTBEAT_MS) : 5000

function notAnswering(ms: number, stopped: boolean): string {
  const s = Math.round(ms / 1000)
  return (
    `the session host is not answering${s ? ` (${s} s)` : ""}` +
    (stopped ? "; its process is stopped (SIGSTOP): `kill -CONT` it to go on" : "; waiting for it")
  )
}

/** A request that failed because the connection did, not because the daemon said no. */
export class ConnectionLost extends ProtocolError {
  constructor(message: string) {
    super("failed", message)
  }
}

/** Connects and says hello; rejects with ProtocolError("version") when the daemon speaks another protocol. */
export async function connectSocket(opts: SocketClientOptions): Promise<SocketClient> {
  const maxFrame = opts.maxFrameBytes ?? MAX_FRAME_BYTES
  const pending = new Map<number, Pending>()
  const subs = new Map<string, Sub>()
  const listeners = new Set<(s: ConnectionState) => void>()
  let nextId = 1
  let socket: Link | undefined
  let writeQueue: Uint8Array[] = []
  let closing = false
  let state: ConnectionState["state"] = "connected"
  let daemonPid = 0
  let missed = 0
  let pingOut = false
  let heartbeat: ReturnType<typeof setInterval> | undefined
  /** hello answered: before that the hello's own timeout covers a daemon that does not answer */
  let greeted = false

  const emit = (s: ConnectionState) => {
    state = s.state
    for (const fn of listeners) fn(s)
  }

  const failPending = (reason: string) => {
    for (const p of pending.values()) p.reject(new ConnectionLost(reason))
    pending.clear()
  }

  const flush = () => {
    while (socket && writeQueue.length) {
      const head = writeQueue[0]!
      const n = socket.write(head)
      if (n < 0) return
      if (n < head.length) {
        writeQueue[0] = head.subarray(n)
        return
      }
      writeQueue.shift()
    }
  }

  const pieces = new PieceJoiner()
  const onFrame = (line: string) => {
    let frame: any
    try {
      frame = JSON.parse(line)
    } catch {
      return
    }
    if (frame?.type === "piece") {
      // a frame too big for one line (a long session's snapshot) comes in pieces
      const whole = typeof frame.data === "string" ? pieces.take(frame) : undefined
      if (whole !== undefined) onFrame(whole)
      return
    }
    if (frame?.type === "event") {
      const sub = subs.get(frame.sessionId)
      if (!sub) return
      sub.lastSeq = Math.max(sub.lastSeq, frame.seq)
      const ev = frame.event
      if (ev?.type === "snapshot") sub.running = !!ev.snapshot?.running
      else if (ev?.type === "run") sub.running = !!ev.running
      if (sub.running) armHeartbeat()
      else if (!waiting()) disarmHeartbeat()
      if (ev?.type === "closed") subs.delete(frame.sessionId)
      try {
        sub.onEvent(frame as EventEnvelope)
      } catch (e) {
        console.error("xagent: event handler failed:", e)
      }
      return
    }
    const p = typeof frame?.id === "number" ? pending.get(frame.id) : undefined
    if (!p) return
    pending.delete(frame.id)
    if (frame.error) p.reject(new ProtocolError((frame.error as ErrorBody).code, (frame.error as ErrorBody).message))
    else p.resolve(frame.result)
  }

  const send = (method: Method | DaemonMethod, params: unknown): Promise<any> => {
    if (!socket || state === "lost" || closing)
      return Promise.reject(new ConnectionLost(closing ? "client closed" : "not connected to the daemon"))
    const id = nextId++
    const bytes = encodeFrame({ id, method, params })
    if (bytes.length > maxFrame)
      return Promise.reject(
        new ProtocolError("bad_frame", `${method} is ${bytes.length} bytes, over the ${maxFrame}-byte frame cap`),
      )
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      writeQueue.push(bytes)
      if (writeQueue.length === 1) flush()
      if (method !== "ping") armHeartbeat()
    })
  }

  const open = async () => {
    pieces.reset()
    const decoder = new LineDecoder(onFrame, () => {}, maxFrame)
    const text = new TextDecoder()
    const data = (chunk: Uint8Array) => decoder.push(text.decode(chunk, { stream: true }))
    // Bun's own socket stays in use only where it cannot be handed over (see quiet-socket.ts)
    let fallback: Link | undefined
    const bun = await Bun.connect({
      unix: opts.socketPath,
      socket: {
        data: (_s, chunk) => data(chunk),
        drain: () => flush(),
        close: () => {
          if (fallback && fallback === socket) onDrop()
        },
        error: () => {},
      },
    })
    // Whoever serves the socket hears our prompts: it must be ourselves (a socket in a shared temp
    // dir could be anyone's).
    const served = peerCred((bun as { fd?: number }).fd ?? -1)
    const uid = process.getuid?.()
    if (served && uid !== undefined && served.uid !== uid) {
      bun.terminate()
      throw new ProtocolError(
        "failed",
        `refusing ${opts.socketPath}: it is served by user ${served.uid}, not by you (${uid}); ` +
          "remove it, or set XAGENT_SOCKET to a path in a folder only you can write",
      )
    }
    const link: Link =
      adoptSocket(bun, {
        data,
        drain: () => flush(),
        close: () => {
          if (link === socket) onDrop()
        },
      }) ?? (fallback = bunSocketLink(bun))
    socket = link
    writeQueue = []
    missed = 0
    pingOut = false
    greeted = false
    if (opts.skipHello) return
    let timer: Timer | undefined
    const hello = await Promise.race([
      send("hello", {
        version: opts.protocolVersion ?? PROTOCOL_VERSION,
        client: opts.clientName ?? "xagent",
        pid: process.pid,
        env: opts.env ?? stringEnv(process.env),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ProtocolError(
                "failed",
                `the xagent daemon on ${opts.socketPath} accepted but did not answer; 'xagent daemon stop --force' ends it`,
              ),
            ),
          opts.helloTimeoutMs ?? 10_000,
        )
      }),
    ]).finally(() => clearTimeout(timer))
    daemonPid = hello.pid
    greeted = true
    for (const [sessionId, sub] of subs) void subscribeWire(sessionId, sub)
    if (waiting()) armHeartbeat()
  }

  const subscribeWire = (sessionId: string, sub: Sub) =>
    send("session.subscribe", { sessionId, after: sub.lastSeq }).catch((e: Error) => {
      if (subs.get(sessionId) !== sub) return
      // Connection trouble is not the session's end: a reconnect resubscribes from lastSeq.
      if (e instanceof ConnectionLost && !closing && state !== "lost") return
      subs.delete(sessionId)
      sub.onEvent({ type: "event", sessionId, seq: sub.lastSeq, event: { type: "closed", reason: e.message } })
    })

  const teardown = () => {
    const s = socket
    socket = undefined
    s?.end()
  }

  const onDrop = async () => {
    socket = undefined
    failPending("connection to the daemon lost")
    if (closing || state === "lost") return
    if (opts.reconnect === false) return emit({ state: "lost", reason: "the daemon closed the connection" })
    emit({ state: "degraded", reason: "connection dropped; reconnecting" })
    for (const delay of RECONNECT_DELAYS) {
      await Bun.sleep(delay)
      if (closing) return
      try {
        await open()
        return emit({ state: "connected" })
      } catch {
        teardown()
      }
    }
    emit({ state: "lost", reason: "cannot reach the daemon" })
  }

  const heartbeatMs = opts.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
  /** Something is awaited from the daemon: a request other than our own ping, or a running reply. */
  const waiting = () => pending.size > (pingOut ? 1 : 0) || [...subs.values()].some((s) => s.running)

  function disarmHeartbeat() {
    if (heartbeat) clearInterval(heartbeat)
    heartbeat = undefined
  }

  function armHeartbeat() {
    if (heartbeatMs <= 0 || heartbeat || closing || !greeted) return
    heartbeat = setInterval(beat, heartbeatMs)
    heartbeat.unref?.()
  }

  function beat() {
    if (!socket || state === "lost") return disarmHeartbeat()
    if (pingOut) {
      missed++
      // A daemon that does not answer but whose process lives (stopped, swapping, busy) is not
      // a dead one: say so and keep waiting; one whose process is gone will not come back.
      const proc = processState(daemonPid)
      if (proc === "gone") {
        emit({ state: "lost", reason: "the daemon stopped answering and its process is gone" })
        failPending("the daemon stopped answering")
        teardown()
        disarmHeartbeat()
      } else emit({ state: "degraded", reason: notAnswering(missed * heartbeatMs, proc === "stopped") })
      return
    }
    if (!waiting()) return disarmHeartbeat()
    pingOut = true
    send("ping", {}).then(
      () => {
        pingOut = false
        if (missed > 0 && state === "degraded") emit({ state: "connected" })
        missed = 0
      },
      () => {},
    )
  }

  try {
    await open()
  } catch (e) {
    closing = true
    disarmHeartbeat()
    teardown()
    throw e
  }

  return {
    kind: "socket",
    get daemonPid() {
      return daemonPid
    },
    notices: [],
    request<M extends Method>(method: M, params: Params<M>): Promise<Result<M>> {
      return send(method, params)
    },
    daemon<M extends DaemonMethod>(method: M, params: DaemonParams<M>): Promise<DaemonResults[M]> {
      return send(method, params)
    },
    subscribe(sessionId, after, onEvent) {
      const sub: Sub = { onEvent, lastSeq: after, running: false }
      subs.set(sessionId, sub)
      void subscribeWire(sessionId, sub)
      return () => {
        if (subs.get(sessionId) !== sub) return
        subs.delete(sessionId)
        send("session.unsubscribe", { sessionId }).catch(() => {})
      }
    },
    onConnection(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    async close() {
      closing = true
      disarmHeartbeat()
      failPending("client closed")
      teardown()
    },
  }
}
