// The broker's session hosts: one process per live session (docs/adr-session-hosts.md). Opening
// a session starts a host in the session's folder with the opening window's environment; a
// second window on a live session joins its host; closing the session ends the process and
// everything its tools started. A host that dies tells its windows how it ended and how to
// resume, and the others go on.
import { existsSync, statSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import {
  ProtocolError,
  type EventEnvelope,
  type HostProcessStatus,
  type Method,
  type Params,
  type Result,
} from "../protocol"
import type { HostApi, RequestOrigin } from "../runtime/hosting/host-api"
import { envFingerprint } from "../util/env-fingerprint"
import { killDescendants } from "./descendants"
import { HostChild } from "./host-child"
import { agentJournalPath, agentSessionsDir, readAgentMeta } from "../runtime/agent/agent-journal"
import { blockingVariables, envChange, type SpareHost } from "./spare-host"
import type { LiveInfo } from "../runtime/hosting/host-frames"
import type { LiveMark } from "../runtime/hosting/held-files"
import { startMark } from "../util/start-trace"
import { KeyedTurns } from "../util/keyed-turns"
import { WATCHED_METHODS } from "../common/bundled"

export interface HostPool extends HostApi {
  hosts(): HostProcessStatus[]
  /** Sessions whose reply runs or whose question waits. */
  busy(): LiveInfo[]
}

export interface HostPoolOptions {
  home: string
  log(msg: string): void
  /** For a client that sent no environment (an older one): the daemon's own. */
  fallbackEnv?: Record<string, string>
  /** A host process the daemon started before it loaded this (spare-host.ts): the first open with its environment takes it. */
  spare?: SpareHost
  /** Starts a spare host with this environment (spare-host.ts): one after a window leaves. */
  spawnSpare?(env: Record<string, string>): SpareHost
}

interface Entry {
  child: HostChild
  cwd: string
  envKey: string
  sessionId?: string
  /**
   * A window's session.close is under way: the host drops the session from its reports before the
   * close is over (a running tool is still being stopped), and the close retires the host itself
   * once it has answered. Retired on that report instead, the host was ended before its answer.
   */
  closing?: boolean
  /** Sessions this host opened to watch (its foreground subagents): their subscriptions. */
  watched: Map<string, () => void>
}

/** A watched session's subscription ends; the session itself is its watcher's to close. */
function unwatch(entry: Entry, sessionId: string) {
  entry.watched.get(sessionId)?.()
  entry.watched.delete(sessionId)
}

/** Requests that name no session: served by a host the asker already uses, or one started for it. */
const SESSIONLESS = new Set<string>(["sessions.list", "auth.status", "auth.setApiKey"])

export function createHostPool(opts: HostPoolOptions): HostPool {
  const entries = new Set<Entry>()
  /** Host processes not yet exited (closing ones too): a sweep must not take them or their tools. */
  const running = new Set<number>()
  const bySession = new Map<string, Entry>()
  /** Opens of a file wait their turn, so two windows opening one file share a host. */
  const fileTurns = new KeyedTurns()
  /** Windows subscribed, counted here: the host's own count reaches us a moment later. */
  const watchers = new Map<string, number>()
  let disposed = false
  let spare: SpareHost | undefined
  const keepSpare = (s: SpareHost) => {
    spare = s
    // not ours to sweep while it waits (see the exit handler below)
    running.add(s.proc.pid)
    void s.proc.exited.then(() => running.delete(s.proc.pid))
  }
  if (opts.spare) keepSpare(opts.spare)

  function start(cwd: string, origin: RequestOrigin | undefined, opening = false): Entry {
    const env: Record<string, string> = { ...(origin?.env ?? opts.fallbackEnv ?? {}), XAGENT_HOME: opts.home }
    const taken = opening ? spare?.take(env) : undefined
    const proc = taken?.proc
    if (opening && !taken && spare?.waiting()) {
      const names = blockingVariables(spare.env, env)
      opts.log(`spare host ${spare.proc.pid} not taken: the environment differs in ${names.slice(0, 5).join(", ")}`)
    }
    const entry: Entry = {
      child: new HostChild({
        cwd,
        env,
        proc,
        envChange: taken?.change,
        log: opts.log,
        // A subagent: its own host, with this host's environment; a background one outlives this
        // host, a watched one does not.
        onOpen: async (params, prompt, watch) => {
          const { sessionId } = await open(params, { env })
          if (!watch) {
            await route(sessionId).child.request("session.prompt", { sessionId, text: prompt })
            return sessionId
          }
          // Watched: its events from its snapshot on, before its prompt, so none is missed.
          entry.watched.set(sessionId, pool.subscribe(sessionId, 0, watch))
          try {
            // This host ended while it opened: the exit handler has passed, so it is closed here.
            if (!entry.child.alive) throw new ProtocolError("failed", "the host that asked for it has ended")
            await route(sessionId).child.request("session.prompt", { sessionId, text: prompt })
            return sessionId
          } catch (e) {
            unwatch(entry, sessionId)
            await pool.request("session.close", { sessionId }).catch(() => {})
            throw e
          }
        },
        // Only the sessions it opened to watch, and only what a parent does to its child.
        onCall: async (sessionId, method, params) => {
          if (!entry.watched.has(sessionId))
            throw new ProtocolError("bad_request", `Session ${sessionId} is not one this host opened to watch`)
          if (!WATCHED_METHODS.includes(method))
            throw new ProtocolError("bad_request", `${method} is not a parent's to ask`)
          try {
            return await pool.request(method, { ...params, sessionId } as never)
          } finally {
            if (method === "session.close") unwatch(entry, sessionId)
          }
        },
        onLive: (sessions) => {
          // its session ended inside it (an extension asked for shutdown): the process goes too
          if (entry.closing) return
          if (entry.sessionId && !sessions.some((s) => s.sessionId === entry.sessionId)) void retire(entry)
        },
      }),
      cwd,
      envKey: envFingerprint(env),
      watched: new Map(),
    }
    const child = entry.child
    entries.add(entry)
    running.add(child.pid)
    opts.log(`host ${child.pid} ${proc ? "(the spare) taken" : "started"} in ${cwd}`)
    void child.exited.then((exit) => {
      running.delete(child.pid)
      // Its foreground subagents go with it: no child outlives its parent's host.
      for (const sessionId of [...entry.watched.keys()]) {
        unwatch(entry, sessionId)
        void pool
          .request("session.close", { sessionId })
          .catch((e) => opts.log(`closing ${sessionId}, a subagent of host ${child.pid}: ${(e as Error).message}`))
      }
      entries.delete(entry)
      if (entry.sessionId && bySession.get(entry.sessionId) === entry) bySession.delete(entry.sessionId)
      if (!child.closing) {
        const live = child.live[0]
        // an agent session's journal is named by xagent's id; its piSessionId is the agent's own
        const resume = live?.file ? `xagent --session ${live.agent ? live.sessionId : live.piSessionId}` : "xagent -c"
        const reason =
          `The session host (pid ${child.pid}) ${exit.text}. What was saved is in the session file: ` +
          `\`${resume}\` resumes it.`
        opts.log(`host ${child.pid} ${exit.text}${entry.sessionId ? ` (session ${entry.sessionId})` : ""}`)
        for (const cb of child.subscriberCallbacks())
          cb({
            type: "event",
            sessionId: entry.sessionId ?? "",
            seq: Number.MAX_SAFE_INTEGER,
            event: { type: "closed", reason },
          })
      }
      // what its tools left behind was handed to us when it died: nothing of it may stay
      const ended = killDescendants(process.pid, running)
      if (ended) opts.log(`ended ${ended} process(es) left by host ${child.pid}`)
    })
    return entry
  }

  async function retire(entry: Entry) {
    entries.delete(entry)
    if (entry.sessionId && bySession.get(entry.sessionId) === entry) bySession.delete(entry.sessionId)
    await entry.child.dispose().catch((e) => opts.log(`host ${entry.child.pid}: ${(e as Error).message}`))
  }

  function route(sessionId: string): Entry {
    const e = bySession.get(sessionId)
    if (e?.child.alive) return e
    const ids = [...bySession.keys()]
    throw new ProtocolError(
      "not_found",
      `Unknown session "${sessionId}"` + (ids.length ? `; live sessions: ${ids.join(", ")}` : "; no session is open"),
    )
  }

  /** Each of `paths` a live session holds, by asking the hosts: each knows its own (held-files.ts). */
  async function holders(paths: string[]): Promise<Map<string, { entry: Entry; mark: LiveMark }>> {
    const found = new Map<string, { entry: Entry; mark: LiveMark }>()
    const asked = [...bySession.values()].filter((e) => e.child.alive)
    const answers = await Promise.all(
      asked.map((e) => e.child.holds(paths).catch(() => ({}) as Record<string, LiveMark>)),
    )
    asked.forEach((entry, i) => {
      for (const [path, mark] of Object.entries(answers[i]!)) if (!found.has(path)) found.set(path, { entry, mark })
    })
    return found
  }

  async function open(p: Params<"session.open">, origin?: RequestOrigin): Promise<Result<"session.open">> {
    if (disposed) throw new ProtocolError("failed", "The session host is shutting down")
    // The daemon's own folder is nobody's workspace: a relative one would open a host there
    // ($XAGENT_HOME), which the caller never meant. Every front end sends its absolute folder.
    if (!isAbsolute(p.cwd))
      throw new ProtocolError("bad_request", `The folder must be an absolute path, not ${JSON.stringify(p.cwd)}`)
    const cwd = resolve(p.cwd)
    if (!existsSync(cwd) || !statSync(cwd).isDirectory())
      throw new ProtocolError("bad_request", `No such folder: ${cwd}`)
    const entry = start(cwd, origin, true)
    startMark("daemon", "host spawned")
    try {
      await entry.child.ready
      startMark("daemon", "host ready")
      // a new session has no file to join, unless `--session-id` names one that exists
      const path = p.mode.kind === "new" && !p.pi?.sessionId ? undefined : await entry.child.resolveTarget(p)
      const openHere = async () => {
        const r = (await entry.child.request("session.open", p)) as Result<"session.open">
        entry.sessionId = r.sessionId
        bySession.set(r.sessionId, entry)
        return r
      }
      if (!path) return await openHere()
      // One open of a file at a time: each asks the hosts once the one before it is live, so two
      // windows opening the file together meet in one session, however their answers interleave.
      return await fileTurns.take(resolve(path), async () => {
        const existing = (await holders([path])).get(path)?.entry
        if (!existing?.child.alive) return openHere()
        void retire(entry)
        return (await existing.child.request("session.open", p)) as Result<"session.open">
      })
    } catch (e) {
      void retire(entry)
      throw e
    }
  }

  /**
   * A switch the session's own host cannot make: to a file another host's live session has open
   * (that session is joined), or to an agent session's journal, which Pi's switch cannot read (it
   * is rebuilt in a host of its own, as `session.open` does).
   */
  async function switchElsewhere(
    entry: Entry,
    p: Params<"session.switch">,
    origin?: RequestOrigin,
  ): Promise<Result<"session.switch"> | undefined> {
    const cwd = entry.child.live.find((s) => s.sessionId === entry.sessionId)?.cwd ?? entry.cwd
    const path = await entry.child.resolveTarget({ cwd, mode: { kind: "session", ref: p.path } }).catch(() => undefined)
    if (!path) return undefined
    const held = (await holders([path])).get(path)
    if (held) return held.entry !== entry ? { sessionId: held.mark.sessionId } : undefined
    if (!resolve(path).startsWith(resolve(agentSessionsDir(opts.home)) + "/")) return undefined
    const opened = await open({ cwd, mode: { kind: "session", ref: path } }, origin)
    return { sessionId: opened.sessionId, opened: true }
  }

  /**
   * One of an agent session's agent's own sessions, opened as a new session of xagent in a host of
   * its own, its agent started as the journal says (the window never holds the agent's environment).
   */
  async function openAgentOwn(p: Params<"session.openAgentSession">, origin?: RequestOrigin) {
    route(p.sessionId)
    const meta = readAgentMeta(agentJournalPath(opts.home, p.sessionId))
    if (!meta)
      throw new ProtocolError("failed", "This session runs on Pi: it has no external agent whose sessions to open")
    const agent = { command: meta.command, ...(meta.env ? { env: meta.env } : {}), sessionId: p.agentSessionId }
    return open({ cwd: meta.cwd, mode: { kind: "new" }, agent }, origin)
  }

  /** A host this asker already uses, else one with its environment, else a short-lived one. */
  async function sessionless(method: Method, params: unknown, origin?: RequestOrigin): Promise<unknown> {
    const key = envFingerprint({ ...(origin?.env ?? opts.fallbackEnv ?? {}), XAGENT_HOME: opts.home })
    const mine = (origin?.sessions ?? []).map((id) => bySession.get(id)).find((e) => e?.child.alive)
    const same = mine ?? [...bySession.values()].find((e) => e.child.alive && e.envKey === key)
    if (same) return annotate(method, await same.child.request(method, params))
    const cwd = (params as { cwd?: string }).cwd
    const temp = start(cwd && existsSync(cwd) ? resolve(cwd) : opts.home, origin)
    try {
      await temp.child.ready
      return await annotate(method, await temp.child.request(method, params))
    } finally {
      void retire(temp)
    }
  }

  /** A host marks only its own live sessions in a listing: the others' hosts are asked for theirs. */
  async function annotate(method: Method, result: unknown): Promise<unknown> {
    if (method !== "sessions.list") return result
    const unmarked = (result as Result<"sessions.list">).sessions.filter((saved) => !saved.live)
    if (!unmarked.length) return result
    const held = await holders(unmarked.map((saved) => saved.path))
    for (const saved of unmarked) {
      const mark = held.get(saved.path)?.mark
      if (mark) saved.live = mark
    }
    return result
  }

  function live(): LiveInfo[] {
    const out: LiveInfo[] = []
    for (const [id, e] of bySession) {
      if (!e.child.alive) continue
      const s = e.child.live.find((x) => x.sessionId === id)
      if (s) out.push({ ...s, subscribers: watchers.get(id) ?? 0 })
    }
    return out
  }

  const pool: HostPool = {
    async request<M extends Method>(method: M, params: Params<M>, origin?: RequestOrigin): Promise<Result<M>> {
      if (method === "session.open") return (await open(params as Params<"session.open">, origin)) as Result<M>
      if (SESSIONLESS.has(method)) return (await sessionless(method, params, origin)) as Result<M>
      const sessionId = (params as { sessionId?: string }).sessionId
      if (typeof sessionId !== "string") throw new ProtocolError("bad_request", `${method} needs a sessionId`)
      const entry = route(sessionId)
      if (method === "session.openAgentSession")
        return (await openAgentOwn(params as Params<"session.openAgentSession">, origin)) as Result<M>
      if (method === "session.switch") {
        const elsewhere = await switchElsewhere(entry, params as Params<"session.switch">, origin)
        if (elsewhere) return elsewhere as Result<M>
      }
      if (method !== "session.close") return (await entry.child.request(method, params)) as Result<M>
      entry.closing = true
      try {
        return (await entry.child.request(method, params)) as Result<M>
      } finally {
        await retire(entry)
      }
    },
    subscribe(sessionId: string, after: number, onEvent: (e: EventEnvelope) => void) {
      const unsub = route(sessionId).child.subscribe(sessionId, after, onEvent)
      watchers.set(sessionId, (watchers.get(sessionId) ?? 0) + 1)
      let done = false
      return () => {
        if (done) return
        done = true
        unsub()
        const n = (watchers.get(sessionId) ?? 1) - 1
        if (n > 0) watchers.set(sessionId, n)
        else watchers.delete(sessionId)
      }
    },
    live,
    busy: () => live().filter((s) => s.running || s.pendingQuestions > 0),
    hosts() {
      return [...entries].map((e) => {
        const s = e.sessionId ? e.child.live.find((x) => x.sessionId === e.sessionId) : undefined
        const state: HostProcessStatus["state"] = !s
          ? "starting"
          : s.running
            ? "running"
            : s.pendingQuestions
              ? "waiting"
              : "idle"
        return {
          pid: e.child.pid,
          cwd: s?.cwd ?? e.cwd,
          rssBytes: e.child.rss(),
          state,
          sessionId: e.sessionId,
          piSessionId: s?.piSessionId,
          eventFrames: e.child.eventFrames,
        }
      })
    },
    windowLeft(env) {
      if (disposed || !opts.spawnSpare) return
      const full = { ...env, XAGENT_HOME: opts.home }
      // One spare at a time: the newest window's environment is the likeliest next start's.
      if (spare?.waiting()) {
        if (envChange(spare.env, full) !== null) return
        spare.dispose()
      }
      try {
        keepSpare(opts.spawnSpare(full))
        opts.log(`spare host ${spare!.proc.pid} started for the next window`)
      } catch (e) {
        opts.log(`no spare host: ${(e as Error).message}`)
      }
    },
    async dispose() {
      disposed = true
      spare?.dispose()
      await Promise.all([...entries].map(retire))
      killDescendants(process.pid)
    },
  }
  return pool
}
