// The session host: live Pi sessions by id, over the person's own Pi setup (auth.json,
// models.json, settings, extensions, skills, prompts, AGENTS.md in agentDir and the project).
// Both transports serve it: the local client calls it in process, the daemon over its socket.
import { randomUUID } from "node:crypto"
import { existsSync, statSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import { getAgentDir, ModelRuntime, SessionManager, type ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { Value } from "typebox/value"
import { PROTOCOL_VERSION, ProtocolError, type Method, type Params, type Result, type SavedSession } from "../protocol"
import { Schemas } from "../protocol/schemas"
import type { SessionHost } from "./host-api"
import { createBundledSlot } from "./bundled-slot"
import type { JournalLimits } from "./journal"
import { LiveSession } from "./live-session"
import { errorText } from "../util/error-text"
import { authStatus, realModel, resolveModel, storeApiKey } from "./models"
import { bundledDir } from "../util/bundled-dir"
import { entryShapeProblem } from "../util/session-file-check"
import { runOAuthLogin, signInName } from "./oauth-login"
import { xagentHome } from "../util/daemon-paths"
import { isPackageSource } from "../util/extension-source"
import { SESSION_METHODS, type HostContext } from "./session-methods"
import { probeSandbox } from "./sandbox/probe"
import { installSessionWrites } from "./patches/session-writes"
import { repairTornTail } from "./torn-tail"
import { openTarget } from "./open-target"
import { listAllSessions, listSessions, resolveSessionRef, sessionById, sessionDirFor, toSaved } from "./session-files"
import { warmModelApi } from "./warm-model-api"

export interface HostOptions {
  /** Pi's agent dir; default Pi's own (PI_CODING_AGENT_DIR or ~/.pi/agent). */
  agentDir?: string
  /** Where the bundled extensions are (default util/bundled-dir.ts: the package's extensions/). */
  bundledDir?: string
  /** `daemon` for the shared background daemon; default `window` (a host in the window's process). */
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
}

export function createHost(opts: HostOptions = {}): SessionHost {
  installSessionWrites()
  const agentDir = resolve(opts.agentDir ?? getAgentDir())
  const log = opts.log ?? (() => {})
  const hostExtensionPaths = (opts.extensionPaths ?? []).map((p) => resolve(p))
  const bundled = createBundledSlot(resolve(opts.bundledDir ?? bundledDir()))
  const sessions = new Map<string, LiveSession>()
  /** Opens in flight by file, so two windows opening one file share a session. */
  const opening = new Map<string, Promise<LiveSession>>()
  let disposed = false

  const deps = {
    agentDir,
    // Set by `ready` below, which every request awaits first.
    modelRuntime: undefined as unknown as ModelRuntime,
    extensionFactories: opts.extensionFactories ?? [],
    journalLimits: opts.journalLimits,
    sandbox: { xagentHome: xagentHome(), agentDir, bwrap: opts.bwrap },
    log,
    onShutdownRequest: (id: string) =>
      void close(id, "An extension ended the session").catch((err) => log(`closing ${id} failed: ${errorText(err)}`)),
  }

  const ctx: HostContext = {
    agentDir,
    modelRuntime: undefined as unknown as ModelRuntime,
    liveByFile: (path, except) => {
      const want = resolve(path)
      for (const s of sessions.values()) if (s.id !== except && s.file && resolve(s.file) === want) return s
      return undefined
    },
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
    const s = sessions.get(sessionId)
    if (!s) return
    sessions.delete(sessionId)
    await s.close(reason)
  }

  async function open(p: Params<"session.open">): Promise<Result<"session.open">> {
    const cwd = resolve(p.cwd)
    if (!existsSync(cwd) || !statSync(cwd).isDirectory())
      throw new ProtocolError("bad_request", `No such folder: ${cwd}`)
    const model = p.model ? resolveModel(modelRuntime, p.model) : undefined
    const extensionPaths = [
      ...hostExtensionPaths,
      ...(p.extensions ?? []).map((e) => (isPackageSource(e) ? e.trim() : isAbsolute(e) ? e : resolve(cwd, e))),
    ]
    const missing = extensionPaths.filter((e) => !isPackageSource(e) && !existsSync(e))
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

    const dir = sessionDirFor(cwd, agentDir, p.pi?.sessionDir)
    const path = await openTarget(p, agentDir)
    if (path) {
      const existing = ctx.liveByFile(path) ?? (await opening.get(resolve(path)))
      if (existing && !existing.closed)
        return {
          sessionId: existing.id,
          info: existing.info(),
          warnings: ["This session was already open; joined it as is."],
        }
    }
    const repaired = path ? repairTornTail(path) : undefined
    const sessionManager = path
      ? openFile(path, p.pi?.sessionDir && dir)
      : await newSessionManager(p, cwd, dir, agentDir)
    if (path) refuseWrongShape(path, sessionManager)
    if (p.pi?.name?.trim()) sessionManager.appendSessionInfo(p.pi.name.trim())
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
    })
    if (path) opening.set(resolve(path), starting)
    let live: LiveSession
    try {
      live = await starting
    } catch (err) {
      if (err instanceof ProtocolError) throw err
      throw new ProtocolError("failed", `Could not open the session: ${errorText(err)}`)
    } finally {
      if (path) opening.delete(resolve(path))
    }
    if (disposed) {
      await live.close("host shut down")
      throw new ProtocolError("failed", "The session host is shutting down")
    }
    sessions.set(live.id, live)
    const warnings = [
      ...(repaired ? [repaired] : []),
      ...slot.warnings,
      ...live.warnings,
      ...offlineSkips(extensionPaths),
      ...sandboxWarnings(live),
    ]
    return { sessionId: live.id, info: live.info(), warnings }
  }

  /** Said once, when the session opens; the status bar keeps saying it. */
  function sandboxWarnings(live: LiveSession): string[] {
    const sb = live.sandbox
    const out: string[] = []
    if (sb.settings.problem) out.push(sb.settings.problem)
    if (sb.mode === "full")
      out.push("Full access: the agent's commands and file tools run without the sandbox in this session")
    else if (!sb.availability.ok)
      out.push(
        `No sandbox: ${sb.availability.reason}. To fix: ${sb.availability.fix}. The agent's first command will ask whether to run without one.`,
      )
    return out
  }

  /** Pi skips package sources without a word when offline: say so. */
  function offlineSkips(sources: string[]): string[] {
    if (!/^(1|true|yes)$/i.test(process.env.PI_OFFLINE ?? "")) return []
    return sources
      .filter(isPackageSource)
      .map((s) => `${s} was not loaded: PI_OFFLINE is set, so Pi does not fetch packages (unset it to install ${s})`)
  }

  async function list(p: Params<"sessions.list">): Promise<Result<"sessions.list">> {
    const found = p.all || !p.cwd ? await listAllSessions(agentDir) : await listSessions(resolve(p.cwd), agentDir)
    const out: SavedSession[] = found.map(toSaved)
    for (const saved of out) {
      const s = ctx.liveByFile(saved.path)
      if (s)
        saved.live = {
          sessionId: s.id,
          running: s.running,
          pendingQuestions: s.bridge.pendingCount(),
          windows: s.journal.subscribers,
        }
    }
    return { sessions: out }
  }

  async function setApiKey(p: Params<"auth.setApiKey">): Promise<Result<"auth.setApiKey">> {
    const known = authStatus(modelRuntime).find((x) => x.provider === p.provider)
    if (!known) throw new ProtocolError("not_found", `Unknown provider "${p.provider}"`)
    if (!known.apiKey)
      throw new ProtocolError(
        "bad_request",
        known.oauth
          ? `${known.name ?? p.provider} takes no API key: sign in with /login instead`
          : `${known.name ?? p.provider} takes no stored API key${known.envVar ? `: set ${known.envVar} instead` : ""}`,
      )
    await storeApiKey(modelRuntime, p.provider, p.key)
    await signedIn(p.provider)
    return {}
  }

  /** Sessions with no usable model take the new provider's first model; every window hears of it. */
  async function signedIn(provider: string) {
    const available = await modelRuntime.getAvailable(provider)
    for (const s of sessions.values()) {
      const usable = !realModel(s.session.model) && available[0]
      if (usable)
        await s.session.setModel(usable).catch((err) => log(`setModel after sign-in failed: ${errorText(err)}`))
      s.emitInfo()
    }
  }

  let signingIn: string | undefined

  async function login(p: Params<"auth.login">): Promise<Result<"auth.login">> {
    const live = get(p.sessionId)
    const oauth = modelRuntime.getProviders().filter((o) => o.auth.oauth)
    const provider = oauth.find((o) => o.id === p.provider)
    if (!provider) {
      const ids = oauth.map((o) => o.id).sort()
      throw new ProtocolError("not_found", `No subscription sign-in for "${p.provider}"; there is: ${ids.join(", ")}`)
    }
    if (signingIn) throw new ProtocolError("failed", `A sign-in to ${signingIn} is already under way`)
    const name = signInName(provider)
    signingIn = name
    // The flow waits on the person and the browser: answer now, report the end as a notice.
    void runOAuthLogin(modelRuntime, provider, live.bridge)
      .finally(() => (signingIn = undefined))
      .then(async (r) => {
        if (r.ok) {
          // Pi's login refreshes the provider's models for the account itself.
          await signedIn(provider.id)
          live.notice("info", `Signed in to ${name}. Credentials saved to ${resolve(agentDir, "auth.json")}`)
        } else if (r.cancelled) live.notice("info", `Sign-in to ${name} cancelled`)
        else live.notice("error", `Sign-in to ${name} failed: ${r.error}`)
      })
      .catch((err) => log(`sign-in to ${provider.id} failed: ${errorText(err)}`))
    return {}
  }

  async function dispatch(method: Method, params: any): Promise<unknown> {
    switch (method) {
      case "hello":
        return { version: PROTOCOL_VERSION, server: "xagent", pid: process.pid }
      case "session.open":
        return open(params)
      case "session.subscribe":
      case "session.unsubscribe":
        // Streams need a callback: transports route these to subscribe(); here we only check the id.
        get(params.sessionId)
        return {}
      case "session.close":
        get(params.sessionId)
        await close(params.sessionId, "closed")
        return {}
      case "sessions.list":
        return list(params)
      case "auth.status":
        return { providers: authStatus(modelRuntime) }
      case "auth.setApiKey":
        return setApiKey(params)
      case "auth.login":
        return login(params)
      default: {
        const handler = SESSION_METHODS[method as keyof typeof SESSION_METHODS] as
          ((live: LiveSession, p: unknown, host: HostContext) => Promise<unknown>) | undefined
        if (!handler) throw new ProtocolError("unknown_method", `Unknown method "${method}"`)
        return handler(get(params.sessionId), params, ctx)
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
    runtimeOf: (sessionId) => get(sessionId).rt,
    subscribe(sessionId, after, onEvent) {
      const live = get(sessionId)
      const off = live.journal.subscribe(after, onEvent)
      // the window has its view (sent just now): the first prompt's model code can load meanwhile
      void warmModelApi(live.session.model?.api)
      // A window that leaves gives up its hold on the components' keys (a detach, then attach).
      return () => {
        off()
        live.components.windowLeft()
      }
    },
    live() {
      return [...sessions.values()].map((s) => ({
        sessionId: s.id,
        piSessionId: s.session.sessionManager.getSessionId(),
        cwd: s.session.sessionManager.getCwd(),
        file: s.file,
        running: s.running,
        pendingQuestions: s.bridge.pendingCount(),
        subscribers: s.journal.subscribers,
      }))
    },
    terminalNotify(sequence) {
      for (const s of sessions.values()) s.emit({ type: "ui_terminal", sequence })
    },
    async dispose() {
      if (disposed) return
      disposed = true
      await Promise.all([...sessions.keys()].map((id) => close(id, "host shut down")))
    },
  }
}

/** Pi's open, which may rewrite an older file as the current version: a failure names the file. */
function openFile(path: string, sessionDir?: string): SessionManager {
  try {
    return SessionManager.open(path, sessionDir || undefined)
  } catch (err) {
    throw new ProtocolError("failed", `Could not open ${path}: ${errorText(err)}`)
  }
}

/** A session with no file yet: in memory, a fork of a saved one, or a new file in `dir` (with `--session-id`'s id). */
async function newSessionManager(
  p: Params<"session.open">,
  cwd: string,
  dir: string,
  agentDir: string,
): Promise<SessionManager> {
  const id = p.pi?.sessionId ? { id: p.pi.sessionId } : undefined
  if (p.pi?.noSession) return SessionManager.inMemory(cwd, id)
  if (p.mode.kind !== "fork") return SessionManager.create(cwd, dir, id)
  if (id && sessionById(cwd, id.id, dir))
    throw new ProtocolError("bad_request", `A session with the id '${id.id}' already exists: --fork makes a new one`)
  const source = await resolveSessionRef(p.mode.ref, cwd, agentDir, p.pi?.sessionDir)
  try {
    return SessionManager.forkFrom(source, cwd, dir, id)
  } catch (err) {
    throw new ProtocolError("failed", `Could not fork ${source}: ${errorText(err)}`)
  }
}

/** An entry Pi would trip over past the part of the file the session check reads (session-file-check.ts). */
function refuseWrongShape(path: string, sm: SessionManager): void {
  const entries = sm.getEntries() as unknown as Record<string, unknown>[]
  for (let i = 0; i < entries.length; i++) {
    const problem = entryShapeProblem(entries[i]!)
    if (problem)
      throw new ProtocolError(
        "bad_request",
        `${path} is not a Pi session file: entry ${i + 1} (id ${String(entries[i]!.id)}) is ${problem}. It was left as it is`,
      )
  }
}

function sandboxProblem(bwrap: string | undefined): string | undefined {
  const a = probeSandbox(bwrap)
  return a.ok ? undefined : `${a.reason}; to fix: ${a.fix}`
}
