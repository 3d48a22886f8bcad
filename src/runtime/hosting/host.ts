// The session host: live Pi sessions by id, over the person's own Pi setup (auth.json,
// models.json, settings, extensions, skills, prompts, AGENTS.md in agentDir and the project).
// Served in process (the local client), in a Worker and in each of the daemon's host processes
// (serve-frames.ts). `hello` is not a request here: it is the socket's handshake, answered by
// the daemon's connection alone (daemon/connection.ts).
import { randomUUID } from "node:crypto"
import { existsSync, statSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import { getAgentDir, ModelRuntime, type ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { Value } from "typebox/value"
import { ProtocolError, type Method, type Params, type Result, type SavedSession } from "../../protocol/index"
import type { SessionOpener } from "../../common/bundled"
import { Schemas } from "../../protocol/schemas"
import type { SessionHost } from "./host-api"
import { createBundledSlot } from "../extensions/bundled-slot"
import type { JournalLimits } from "../session/journal"
import { LiveSession } from "../session/live-session"
import { errorText } from "../../util/error-text"
import { createHostAuth } from "./host-auth"
import { resolveModel } from "../setup/models"
import { bundledDir } from "../../util/bundled-dir"
import { xagentHome } from "../../util/daemon-paths"
import { isNamedExtension } from "../../util/extension-source"
import { SESSION_METHODS, type HostContext } from "../methods/session-methods"
import { installSessionWrites } from "../patches/session-writes"
import { repairTornTail } from "../files/torn-tail"
import { openTarget } from "./open-target"
import { HeldFiles } from "./held-files"
import { listAllSessions, listSessions, sessionDirFor, toSaved, workspaceOverride } from "../files/session-files"
import { ignoredProjectSessionDir } from "../setup/project-settings-trust"
import {
  newSessionManager,
  offlineSkips,
  openFile,
  refuseWrongShape,
  sandboxProblem,
  sandboxWarnings,
  warmFirstOpen,
  workspaceWarnings,
} from "./session-open"
import { warmModelApi } from "../session/warm-model-api"
import { asWindow } from "../session/acting-window"
// Type only: the ACP client engine (the ACP SDK and its schemas) loads when an agent session
// opens, never for Pi's sessions, which are nearly all of them.
import type { AgentSession } from "../agent/agent-session"
import { agentRequest } from "../agent/agent-methods"
import { agentJournalRef, listAgentSessions } from "../agent/agent-replay"

/**
 * What may go ahead of a replacement of Pi's session: the answers to its dialogs and components (a
 * session_before_switch handler's question) and a stop, which would otherwise stop the new session.
 */
const AHEAD_OF_REPLACEMENT = new Set<string>([
  "session.uiRespond",
  "session.componentInput",
  "session.componentResize",
  "session.abort",
])

export interface HostOptions {
  /** Pi's agent dir; default Pi's own (PI_CODING_AGENT_DIR or ~/.pi/agent). */
  agentDir?: string
  /** Where the bundled extensions are (default util/bundled-dir.ts: the package's extensions/). */
  bundledDir?: string
  /** `daemon`: a host process of the daemon (daemon/host-process.ts); default `window` (in the window's process or its Worker). */
  mode?: "window" | "daemon"
  /** More extension factories for every session, after the bundled ones (tests). */
  extensionFactories?: ExtensionFactory[]
  /** Extension files loaded into every session (Pi loads them, like `pi -e`). */
  extensionPaths?: string[]
  /** Runs once with the shared model runtime (auth and models; tests register the faux provider here). */
  setup?: (services: { modelRuntime: ModelRuntime }) => void | Promise<void>
  log?: (msg: string) => void
  journalLimits?: JournalLimits
  /** The bubblewrap binary for the sandbox (default XAGENT_BWRAP, else `bwrap` on PATH). */
  bwrap?: string
  /**
   * Sessions in hosts of their own, which the broker opens: a background subagent (outlives this
   * host) or a foreground one this host watches. Only a daemon's host process has it.
   */
  sessions?: SessionOpener
}

export function createHost(opts: HostOptions = {}): SessionHost {
  installSessionWrites()
  const agentDir = resolve(opts.agentDir ?? getAgentDir())
  const log = opts.log ?? (() => {})
  const hostExtensionPaths = (opts.extensionPaths ?? []).map((p) => (isNamedExtension(p) ? p.trim() : resolve(p)))
  const bundled = createBundledSlot(resolve(opts.bundledDir ?? bundledDir()))
  const sessions = new Map<string, LiveSession>()
  // Sessions on an external ACP agent (runtime/agent): no Pi, no session file.
  const agents = new Map<string, AgentSession>()
  const held = new HeldFiles(() => sessions.values())
  let disposed = false

  const deps = {
    agentDir,
    // Set by `ready` below, which every request awaits first.
    modelRuntime: undefined as unknown as ModelRuntime,
    extensionFactories: opts.extensionFactories ?? [],
    journalLimits: opts.journalLimits,
    ...(opts.sessions ? { sessions: opts.sessions } : {}),
    sandbox: { xagentHome: xagentHome(), agentDir, bwrap: opts.bwrap },
    log,
    onShutdownRequest: (id: string) =>
      void close(id, "An extension ended the session").catch((err) => log(`closing ${id} failed: ${errorText(err)}`)),
  }

  const ctx: HostContext = {
    agentDir,
    bwrap: opts.bwrap,
    modelRuntime: undefined as unknown as ModelRuntime,
    liveByFile: (path, except) => held.live(path, except),
  }

  // Pi builds its model runtime asynchronously (models.json, the credential store, availability):
  // every request waits for it, so the host itself is made at once.
  let modelRuntime!: ModelRuntime
  const ready = (async () => {
    modelRuntime = await ModelRuntime.create({
      authPath: resolve(agentDir, "auth.json"),
      modelsPath: resolve(agentDir, "models.json"),
    })
    await opts.setup?.({ modelRuntime })
    deps.modelRuntime = ctx.modelRuntime = modelRuntime
  })()
  // A failure reaches every request through `ready`; nothing else waits on it.
  ready.catch(() => {})
  // The daemon's hosts are often spares, idle until a window takes one: the first open's work that
  // no folder changes is done meanwhile (for a host opened at once, the same work in the same order).
  if (opts.mode === "daemon") void ready.then(() => warmFirstOpen(bundled, opts.bwrap)).catch(() => {})

  const auth = createHostAuth({
    agentDir,
    modelRuntime: () => modelRuntime,
    sessions: () => sessions.values(),
    get,
    log,
  })

  function get(sessionId: string): LiveSession {
    const s = sessions.get(sessionId)
    if (s) return s
    const ids = [...sessions.keys()]
    throw new ProtocolError(
      "not_found",
      `Unknown session "${sessionId}"` + (ids.length ? `; live sessions: ${ids.join(", ")}` : "; no session is open"),
    )
  }

  async function close(sessionId: string, reason: string) {
    const agent = agents.get(sessionId)
    if (agent) {
      // Listed until its process has ended: the broker ends a host whose sessions are all gone,
      // and the agent's own ending (its tools, its children) comes first.
      await agent.close(reason)
      agents.delete(sessionId)
      return
    }
    const s = sessions.get(sessionId)
    if (!s) return
    sessions.delete(sessionId)
    await s.close(reason)
  }

  async function open(p: Params<"session.open">): Promise<Result<"session.open">> {
    const cwd = resolve(p.cwd)
    if (!existsSync(cwd) || !statSync(cwd).isDirectory())
      throw new ProtocolError("bad_request", `No such folder: ${cwd}`)
    if (p.agent) return openAgent(p, cwd)
    // An agent session's journal (its path or id, from the -r page or `--session`): rebuilt from it.
    const journal = p.mode.kind === "session" ? agentJournalRef(xagentHome(), p.mode.ref, cwd) : undefined
    if (journal) return restoreAgent(journal)
    const model = p.model ? resolveModel(modelRuntime, p.model) : undefined
    const extensionPaths = [
      ...hostExtensionPaths,
      ...(p.extensions ?? []).map((e) => (isNamedExtension(e) ? e.trim() : isAbsolute(e) ? e : resolve(cwd, e))),
    ]
    const missing = extensionPaths.filter((e) => !isNamedExtension(e) && !existsSync(e))
    if (missing.length) throw new ProtocolError("bad_request", `Extension not found: ${missing.join(", ")}`)
    const print = p.interactive === false
    const noSandbox = sandboxProblem(deps.sandbox.bwrap)
    if (print && noSandbox && p.permissions !== "full")
      throw new ProtocolError(
        "failed",
        `No sandbox for the agent's commands: ${noSandbox}. xagent -p does not run without one; pass --dangerously-skip-sandbox to run this without a sandbox`,
      )
    // Before the joins below, so nothing awaits between finding no live session and claiming the file.
    const slot = await bundled.choose(p.noBundled ?? [])

    const dir = sessionDirFor(cwd, agentDir, p.pi?.sessionDir, p.pi?.projectTrust)
    const path = await openTarget(p, agentDir)
    if (path) {
      const existing = await held.holder(path)
      if (existing)
        return {
          sessionId: existing.id,
          info: existing.info(),
          warnings: ["This session was already open; joined it as is."],
        }
    }
    const repaired = path ? repairTornTail(path) : undefined
    const sessionManager = path
      ? openFile(path, p.pi?.sessionDir && dir, workspaceOverride(path, cwd, agentDir))
      : await newSessionManager(p, cwd, dir, agentDir)
    if (path) refuseWrongShape(path, sessionManager)
    const ignoredDir = p.pi?.sessionDir ? undefined : ignoredProjectSessionDir(cwd, agentDir, p.pi?.projectTrust)
    const placed = workspaceWarnings(sessionManager, cwd, ignoredDir)
    if (p.pi?.name?.trim()) sessionManager.appendSessionInfo(p.pi.name.trim())
    // An opening that waits on the person (the project trust question) is handed out at once,
    // so the window that asked, or one that attaches, can answer it.
    let waiting!: (live: LiveSession) => void
    const asks = new Promise<LiveSession>((res) => (waiting = res))
    const starting = LiveSession.start(`s-${randomUUID().slice(0, 8)}`, deps, {
      sessionManager,
      model,
      thinking: p.thinking as Params<"session.setThinking">["level"] | undefined,
      extensionPaths,
      mode: print ? "print" : (opts.mode ?? "window"),
      bundled: slot.use,
      permissions: p.permissions,
      flags: p.flags,
      pi: p.pi,
      askTrust: p.trustPrompt,
      onWaitingForPerson: waiting,
    })
    const release = path ? held.claim(path, starting) : () => {}
    const early = await Promise.race([starting.then(() => undefined), asks]).catch(() => undefined)
    if (early)
      return publishEarly(early, starting, { release, extensionPaths }, [
        ...(repaired ? [repaired] : []),
        ...placed,
        ...slot.warnings,
      ])
    let live: LiveSession
    try {
      live = await starting
    } catch (err) {
      if (err instanceof ProtocolError) throw err
      throw new ProtocolError("failed", `Could not open the session: ${errorText(err)}`)
    } finally {
      release()
    }
    if (disposed) {
      await live.close("host shut down")
      throw new ProtocolError("failed", "The session host is shutting down")
    }
    sessions.set(live.id, live)
    const warnings = [
      ...(repaired ? [repaired] : []),
      ...placed,
      ...slot.warnings,
      ...openedWarnings(live, extensionPaths),
    ]
    return { sessionId: live.id, info: live.info(), warnings }
  }

  /** A session on an external ACP agent: a new one, or one of the agent's own (`agent.sessionId`). */
  async function openAgent(p: Params<"session.open">, cwd: string): Promise<Result<"session.open">> {
    if (p.mode.kind !== "new")
      throw new ProtocolError(
        "bad_request",
        "An external agent's session starts new: --continue, --resume, --session and --fork are for Pi's sessions",
      )
    const id = `s-${randomUUID().slice(0, 8)}`
    const { AgentSession } = await import("../agent/agent-session")
    const agent = await AgentSession.start(id, cwd, p.agent!, {
      log,
      journalLimits: opts.journalLimits,
      home: xagentHome(),
      onEnded: () => agents.delete(id),
    })
    if (disposed) {
      await agent.close("host shut down")
      throw new ProtocolError("failed", "The session host is shutting down")
    }
    agents.set(id, agent)
    return { sessionId: id, info: agent.info(), warnings: [] }
  }

  /** An agent session from its journal: its transcript at once, its agent started again meanwhile. */
  async function restoreAgent(path: string): Promise<Result<"session.open">> {
    const live = [...agents.values()].find((a) => a.file === path)
    if (live)
      return { sessionId: live.id, info: live.info(), warnings: ["This session was already open; joined it as is."] }
    const { AgentSession } = await import("../agent/agent-session")
    // A second open of the same journal while the engine loaded joins the first.
    const joined = [...agents.values()].find((a) => a.file === path)
    if (joined)
      return {
        sessionId: joined.id,
        info: joined.info(),
        warnings: ["This session was already open; joined it as is."],
      }
    let agent: AgentSession
    try {
      agent = AgentSession.restore(path, {
        log,
        journalLimits: opts.journalLimits,
        home: xagentHome(),
        onEnded: () => agents.delete(agent.id),
      })
    } catch (err) {
      throw new ProtocolError("failed", `Could not reopen the agent session ${path}: ${errorText(err)}`)
    }
    agents.set(agent.id, agent)
    return { sessionId: agent.id, info: agent.info(), warnings: [] }
  }

  const openedWarnings = (live: LiveSession, extensionPaths: string[]) => [
    ...live.warnings,
    ...offlineSkips(extensionPaths),
    ...sandboxWarnings(live),
  ]

  /**
   * A session whose opening waits on the person, live before its runtime: requests wait for the
   * runtime (session.uiRespond and close do not), and what the open would have said comes as
   * notices once it is there; an opening that fails closes it for its windows.
   */
  function publishEarly(
    live: LiveSession,
    starting: Promise<LiveSession>,
    { release, extensionPaths }: { release: () => void; extensionPaths: string[] },
    warnings: string[],
  ): Result<"session.open"> {
    sessions.set(live.id, live)
    void starting.then(
      () => {
        release()
        if (disposed) return void close(live.id, "host shut down")
        for (const message of openedWarnings(live, extensionPaths))
          live.emit({ type: "ui_notify", level: "warning", message })
      },
      (err) => {
        release()
        sessions.delete(live.id)
        if (!live.closed) {
          live.emit({ type: "closed", reason: `Could not open the session: ${errorText(err)}` })
          live.closed = true
        }
      },
    )
    return { sessionId: live.id, info: live.info(), warnings }
  }

  async function list(p: Params<"sessions.list">): Promise<Result<"sessions.list">> {
    const found = p.all || !p.cwd ? await listAllSessions(agentDir) : await listSessions(resolve(p.cwd), agentDir)
    const out: SavedSession[] = found.map(toSaved)
    // A fork keeps its parent's name (as in Pi): the row says whose fork it is.
    const idByPath = new Map(found.map((f) => [f.path, f.id]))
    found.forEach((f, i) => {
      const parent = f.parentSessionPath && idByPath.get(f.parentSessionPath)
      if (parent) out[i]!.forkOf = parent
    })
    out.push(...listAgentSessions(xagentHome(), p.all || !p.cwd ? undefined : resolve(p.cwd)))
    out.sort((a, b) => b.modified - a.modified)
    const marks = holds(out.map((saved) => saved.path))
    for (const saved of out) if (marks[saved.path]) saved.live = marks[saved.path]
    return { sessions: out }
  }

  /** Which of `paths` a live session of this host has open: Pi's files and agents' journals. */
  function holds(paths: string[]) {
    const marks = held.marks(paths)
    for (const a of agents.values())
      if (a.file && paths.includes(a.file))
        marks[a.file] = {
          sessionId: a.id,
          running: a.running,
          pendingQuestions: a.pendingQuestions,
          windows: a.journal.subscribers,
        }
    return marks
  }

  async function dispatch(method: Method, params: any): Promise<unknown> {
    switch (method) {
      case "session.open":
        return open(params)
      case "session.subscribe":
      case "session.unsubscribe":
        // Streams need a callback: transports route these to subscribe(); here we only check the id.
        if (!agents.has(params.sessionId)) get(params.sessionId)
        return {}
      case "session.close":
        if (!agents.has(params.sessionId)) get(params.sessionId)
        await close(params.sessionId, "closed")
        return {}
      case "sessions.list":
        return list(params)
      case "auth.status":
        return auth.status()
      case "auth.setApiKey":
        return auth.setApiKey(params)
      case "auth.login":
        return auth.login(params)
      default: {
        const handler = SESSION_METHODS[method as keyof typeof SESSION_METHODS] as
          ((live: LiveSession, p: unknown, host: HostContext) => Promise<unknown>) | undefined
        if (!handler) throw new ProtocolError("unknown_method", `Unknown method "${method}"`)
        const agent = agents.get(params.sessionId)
        if (agent) return agentRequest(agent, method, params)
        const live = get(params.sessionId)
        // an opening that waits on the person: only the answer may go ahead of it
        if (!live.started && method !== "session.uiRespond") await live.ready
        // Pi replacing the session (/new, a switch, a fork): what the person sent after it goes to the new one
        if (!AHEAD_OF_REPLACEMENT.has(method)) await live.replaced()
        return asWindow(params.window, () => handler(live, params, ctx))
      }
    }
  }

  return {
    async request<M extends Method>(method: M, params: Params<M>): Promise<Result<M>> {
      if (disposed) throw new ProtocolError("failed", "The session host has shut down")
      const schema = Schemas[method]
      if (!schema) throw new ProtocolError("unknown_method", `Unknown method "${String(method)}"`)
      if (!Value.Check(schema, params)) {
        const first = Value.Errors(schema, params)[0]
        throw new ProtocolError(
          "bad_request",
          `Bad ${method} params${first ? ` at ${first.instancePath || "/"}: ${first.message}` : ""}`,
        )
      }
      try {
        await ready
        return (await dispatch(method, params)) as Result<M>
      } catch (err) {
        if (err instanceof ProtocolError) throw err
        throw new ProtocolError("failed", errorText(err))
      }
    },
    runtimeOf: (sessionId) => {
      if (agents.has(sessionId))
        throw new ProtocolError("failed", `Session "${sessionId}" runs on an external ACP agent, not on Pi`)
      return get(sessionId).rt
    },
    holds,
    subscribe(sessionId, after, onEvent) {
      const agent = agents.get(sessionId)
      if (agent) return agent.journal.subscribe(after, onEvent)
      const live = get(sessionId)
      const off = live.journal.subscribe(after, onEvent)
      // the window has its view (sent just now): the first prompt's model code can load meanwhile
      if (live.started) void warmModelApi(live.session.model?.api)
      // A window that leaves gives up its hold on the components' keys (a detach, then attach).
      return () => {
        off()
        live.components.windowLeft()
      }
    },
    live() {
      return [
        ...[...sessions.values()].map((s) => ({
          sessionId: s.id,
          piSessionId: s.piSessionId,
          cwd: s.cwd,
          file: s.file,
          running: s.running,
          pendingQuestions: s.bridge.pendingCount(),
          unsaved: s.unsaved,
          subscribers: s.journal.subscribers,
        })),
        ...[...agents.values()].map((a) => ({
          sessionId: a.id,
          piSessionId: a.agentSessionId,
          cwd: a.cwd,
          file: a.file,
          running: a.running,
          pendingQuestions: a.pendingQuestions,
          subscribers: a.journal.subscribers,
          agent: true as const,
        })),
      ]
    },
    terminalNotify(sequence) {
      for (const s of sessions.values()) s.emit({ type: "ui_terminal", sequence })
    },
    async dispose() {
      if (disposed) return
      disposed = true
      await Promise.all([...sessions.keys(), ...agents.keys()].map((id) => close(id, "host shut down")))
      // Pi's model runtime reads its catalog and credentials under lock files as it starts (and
      // refreshes): a process that exits in the middle leaves a lock every other Pi process of
      // this agent dir waits 30 s to call stale. Ended only once those are done, as pi's own exit does.
      await ready.catch(() => {})
      await modelRuntime?.settleCredentialWrites().catch(() => {})
    },
  }
}
