// `xagent acp`'s agent: the ACP methods (docs/adr-acp.md) over xagent's daemon protocol. Each
// ACP session is one of the daemon's live sessions, so a terminal window can attach to it too.
// Every input is checked here (the SDK lets malformed answers and unadvertised features through).
import { isAbsolute } from "node:path"
import * as acp from "@agentclientprotocol/sdk"
import { RequestError, type AgentContext, type ClientCapabilities } from "@agentclientprotocol/sdk"
import type { Client } from "../client/client"
import {
  ProtocolError,
  type LiveSessionStatus,
  type McpServerSpec,
  type Result,
  type SavedSession,
  type SessionInfo,
} from "../protocol"
import { AcpSession, errorText } from "./acp-session"
import { mcpSpecs } from "./mcp-servers"
import type { NewSessions, NewSessionEntry } from "./new-sessions"
import { configOptions, modeState, promptParts, type AcpMode } from "./turn-map"

export interface AgentDeps {
  /** The daemon connection, made on first use. */
  client(): Promise<Client>
  version: string
  log(msg: string): void
  /** The daemon's live sessions (absent: none to add to the saved ones, as in process). */
  live?(): Promise<LiveSessionStatus[]>
  /** Ids session/new gave out, kept until Pi saves them (absent: none kept, as in process). */
  newSessions?: NewSessions
}

const PAGE = 50
/** Commands xagent itself runs from prompt text (the rest are Pi's: extensions, templates, skills). */
const OWN_COMMANDS = [
  { name: "compact", description: "Compact the conversation's context", input: { hint: "instructions (optional)" } },
]

/** A host refusal as the JSON-RPC error that says the same. */
export function rpcError(err: unknown): RequestError {
  if (err instanceof RequestError) return err
  if (err instanceof ProtocolError) {
    if (err.code === "bad_request") return RequestError.invalidParams(undefined, err.message)
    if (err.code === "not_found") return new RequestError(-32002, err.message)
  }
  return RequestError.internalError(undefined, errorText(err))
}

export function createAgent(deps: AgentDeps): { app: acp.AgentApp; closeAll(): Promise<void> } {
  const app = acp.agent({ name: "xagent" })
  let caps: ClientCapabilities = {}
  const sessions = new Map<string, AcpSession & { mode: AcpMode }>()

  const guard =
    <P, R>(fn: (p: P, cx: AgentContext) => Promise<R>) =>
    async ({ params, client }: { params: P; client: AgentContext }): Promise<R> => {
      try {
        return await fn(params, client)
      } catch (err) {
        deps.log(`request failed: ${errorText(err)}`)
        throw rpcError(err)
      }
    }

  const get = (sessionId: unknown) => {
    const s = typeof sessionId === "string" ? sessions.get(sessionId) : undefined
    if (!s || s.closed) throw RequestError.sessionNotFound(String(sessionId))
    return s
  }

  const absoluteCwd = (cwd: unknown) => {
    if (typeof cwd !== "string" || !isAbsolute(cwd))
      throw RequestError.invalidParams(undefined, `cwd must be an absolute path (got ${JSON.stringify(cwd)})`)
    return cwd
  }

  async function config(s: AcpSession & { mode: AcpMode }) {
    const client = await deps.client()
    const m = await client.request("session.models", { sessionId: s.hostId })
    return configOptions({ ...m, thinking: s.info.thinkingLevel, mode: s.mode })
  }

  async function announceCommands(s: AcpSession) {
    const client = await deps.client()
    const { commands } = await client.request("session.commands", { sessionId: s.hostId })
    s.notify({
      sessionUpdate: "available_commands_update",
      availableCommands: [
        ...OWN_COMMANDS,
        ...commands.map((c) => ({ name: c.name, description: c.description ?? c.name, input: { hint: "arguments" } })),
      ],
    })
  }

  /** Opens (or joins) a live session in the daemon and makes it this connection's. */
  async function openSession(
    open: Result<"session.open">,
    replay: boolean,
    cx: AgentContext,
    servers: McpServerSpec[],
    hold = false,
  ) {
    const client = await deps.client()
    await client.request("session.setApproval", { sessionId: open.sessionId, approval: "ask" })
    // Before the answer, so the first prompt has the tools; a joined session's earlier ones are replaced.
    if (servers.length) {
      await client.request("session.setMcpServers", { sessionId: open.sessionId, servers })
      deps.log(`session ${open.info.piSessionId}: MCP servers ${servers.map((x) => x.name).join(", ")}`)
    }
    const s = Object.assign(
      new AcpSession(open.info.piSessionId, open.sessionId, open.info, {
        client,
        conn: cx,
        caps,
        log: deps.log,
        mcp: servers.length > 0,
      }),
      {
        mode: "default" as AcpMode,
      },
    )
    s.onConfigChanged = () =>
      void config(s).then(
        (configOptions) => s.notify({ sessionUpdate: "config_option_update", configOptions }),
        (err) => deps.log(`config of ${s.id}: ${errorText(err)}`),
      )
    sessions.get(s.id)?.detach()
    sessions.set(s.id, s)
    await s.attach(replay, hold)
    for (const w of open.warnings) deps.log(`session ${s.id}: ${w}`)
    return s
  }

  /**
   * After the response (the SDK writes it as the handler returns; a timer runs later): what a new
   * session held, the commands and the context meter (clients drop updates of unknown sessions).
   */
  const afterOpen = (s: AcpSession) =>
    setTimeout(() => {
      s.answered()
      s.announceUsage()
      void announceCommands(s).catch((err) => deps.log(`commands of ${s.id}: ${errorText(err)}`))
    }, 0)

  /** Live sessions Pi has not written yet (it writes one with its first reply), by folder. */
  async function unsaved(saved: SavedSession[], cwd?: string): Promise<LiveSessionStatus[]> {
    const files = new Set(saved.map((x) => x.path))
    const ids = new Set(saved.map((x) => x.id))
    const live = await deps.live?.().catch((err) => (deps.log(`live sessions: ${errorText(err)}`), []))
    return (live ?? []).filter(
      (x) => x.piSessionId && !ids.has(x.piSessionId) && !(x.file && files.has(x.file)) && (!cwd || x.cwd === cwd),
    )
  }

  function remember(id: string, cwd: string) {
    try {
      deps.newSessions?.remember(id, cwd)
    } catch (err) {
      deps.log(`could not record new session ${id}: ${errorText(err)}`)
    }
  }

  /** Ids session/new gave out that are neither saved nor live: each opens again, empty. */
  function unprompted(saved: SavedSession[], live: LiveSessionStatus[], cwd?: string): NewSessionEntry[] {
    const known = new Set([...saved.map((x) => x.id), ...live.map((x) => x.piSessionId)])
    return (deps.newSessions?.all() ?? []).filter((x) => {
      if (!saved.some((f) => f.id === x.id)) return !known.has(x.id) && (!cwd || x.cwd === cwd)
      deps.newSessions?.forget(x.id)
      return false
    })
  }

  /**
   * A saved session, a live one not saved yet (joined by its host's handle), or one session/new
   * gave out that nothing holds any more (opened again under its id).
   */
  async function saved(
    sessionId: unknown,
  ): Promise<{ file: SavedSession } | { live: LiveSessionStatus } | { fresh: NewSessionEntry }> {
    if (typeof sessionId !== "string" || !sessionId)
      throw RequestError.invalidParams(undefined, "sessionId must be text")
    const client = await deps.client()
    const { sessions: all } = await client.request("sessions.list", { all: true })
    const found = all.find((x) => x.id === sessionId)
    if (found) {
      deps.newSessions?.forget(sessionId)
      return { file: found }
    }
    const live = (await unsaved(all)).find((x) => x.piSessionId === sessionId)
    if (live) return { live }
    const fresh = deps.newSessions?.recall(sessionId)
    if (fresh) return { fresh }
    throw RequestError.sessionNotFound(sessionId)
  }

  async function reopen(
    p: { sessionId: string; cwd: string; mcpServers?: unknown },
    replay: boolean,
    cx: AgentContext,
  ) {
    const cwd = absoluteCwd(p.cwd)
    const servers = mcpSpecs(p.mcpServers)
    const sessionId = p.sessionId
    const found = await saved(sessionId)
    const client = await deps.client()
    // A session live in the daemon is joined as it is (the host says so), not opened twice. The
    // editor's folder is where it was opened from: the host believes the folder the file's header
    // names only for a file of the person's session store.
    // One not saved yet has no file to open by: it is joined as `xagent attach` joins it; its
    // info comes with the first snapshot.
    // One given out by session/new and never prompted is made again, in its folder, with its id.
    const open: Result<"session.open"> =
      "live" in found
        ? {
            sessionId: found.live.sessionId,
            info: { piSessionId: sessionId, cwd: found.live.cwd } as SessionInfo,
            warnings: [],
          }
        : "fresh" in found
          ? await client.request("session.open", {
              cwd: found.fresh.cwd,
              mode: { kind: "new" },
              trustPrompt: false,
              pi: { sessionId },
            })
          : await client.request("session.open", {
              cwd,
              mode: { kind: "session", ref: found.file.path },
              trustPrompt: false,
            })
    const s = await openSession(open, replay, cx, servers)
    afterOpen(s)
    return { configOptions: await config(s), modes: modeState(s.mode) }
  }

  app.onRequest(acp.methods.agent.initialize, async ({ params }) => {
    caps = (params?.clientCapabilities ?? {}) as ClientCapabilities
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentInfo: { name: "xagent", version: deps.version },
      authMethods: [],
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, embeddedContext: true },
        // stdio always (ACP's baseline); http through Pi's streamable HTTP client; never sse.
        mcpCapabilities: { http: true, sse: false },
        sessionCapabilities: { list: {}, resume: {}, close: {}, fork: {} },
      },
    }
  })

  app.onRequest(acp.methods.agent.authenticate, async () => {
    throw RequestError.invalidParams(undefined, "xagent offers no ACP authentication (authMethods is empty)")
  })

  app.onRequest(
    acp.methods.agent.session.new,
    guard(async (p, cx) => {
      const cwd = absoluteCwd(p.cwd)
      const servers = mcpSpecs(p.mcpServers)
      if (p.additionalDirectories?.length)
        throw RequestError.invalidParams(undefined, "additionalDirectories is not supported (not advertised)")
      const client = await deps.client()
      // As in Pi's modes without its window: no trust question, "ask" skips the project's resources.
      const open = await client.request("session.open", { cwd, mode: { kind: "new" }, trustPrompt: false })
      // Nothing of it goes out before this answer, which names it.
      const s = await openSession(open, false, cx, servers, true)
      remember(s.id, cwd)
      const configOptions = await config(s).catch((err) => (s.answered(), Promise.reject(err)))
      afterOpen(s)
      return { sessionId: s.id, configOptions, modes: modeState(s.mode) }
    }),
  )

  app.onRequest(
    acp.methods.agent.session.load,
    guard((p, cx) => reopen(p, true, cx)),
  )
  app.onRequest(
    acp.methods.agent.session.resume,
    guard((p, cx) => reopen(p, false, cx)),
  )

  // session/fork is in the SDK's unstable schema only: registered by name, its params checked here.
  app.onRequest(
    "session/fork",
    forkParams,
    guard(async (p: ForkParams, cx) => {
      const cwd = absoluteCwd(p.cwd)
      const servers = mcpSpecs(p.mcpServers)
      if (Array.isArray(p.additionalDirectories) && p.additionalDirectories.length)
        throw RequestError.invalidParams(undefined, "additionalDirectories is not supported (not advertised)")
      const found = await saved(p.sessionId)
      const client = await deps.client()
      // A copy as a new session, the source left as it is (a window or another editor may hold
      // it). One with no file yet has had no prompt: its copy is a new session.
      const open = await client.request("session.open", {
        cwd,
        mode: "file" in found ? { kind: "fork", ref: found.file.path } : { kind: "new" },
        trustPrompt: false,
      })
      const s = await openSession(open, false, cx, servers, true)
      s.mode = sessions.get(String(p.sessionId))?.mode ?? s.mode
      if (!("file" in found)) remember(s.id, cwd)
      const configOptions = await config(s).catch((err) => (s.answered(), Promise.reject(err)))
      afterOpen(s)
      return { sessionId: s.id, configOptions, modes: modeState(s.mode) }
    }),
  )

  app.onRequest(
    acp.methods.agent.session.close,
    guard(async (p) => {
      const s = get(p.sessionId)
      sessions.delete(s.id)
      await s.close()
      return {}
    }),
  )

  app.onRequest(
    acp.methods.agent.session.list,
    guard(async (p) => {
      if (p.cwd != null) absoluteCwd(p.cwd)
      const offset = p.cursor == null ? 0 : Number(p.cursor)
      if (!Number.isInteger(offset) || offset < 0)
        throw RequestError.invalidParams(undefined, `cursor ${JSON.stringify(p.cursor)} is not one xagent gave`)
      const client = await deps.client()
      const { sessions: files } = await client.request("sessions.list", p.cwd ? { cwd: p.cwd } : { all: true })
      // Sessions opened but not prompted yet are the newest of all, not yet on disk.
      const now = new Date().toISOString()
      const live = await unsaved(files, p.cwd ?? undefined)
      const all = [
        ...live.map((x) => ({ sessionId: x.piSessionId!, cwd: x.cwd, title: null, updatedAt: now })),
        // Given out and never prompted, held by nothing now: newest first.
        ...unprompted(files, live, p.cwd ?? undefined)
          .sort((a, b) => b.created.localeCompare(a.created))
          .map((x) => ({ sessionId: x.id, cwd: x.cwd, title: null, updatedAt: x.created })),
        ...files.map((x) => ({
          sessionId: x.id,
          cwd: x.cwd,
          title: x.name ?? (x.firstMessage.split("\n")[0]!.slice(0, 80) || null),
          updatedAt: new Date(x.modified).toISOString(),
        })),
      ]
      const page = all.slice(offset, offset + PAGE)
      return { sessions: page, nextCursor: offset + PAGE < all.length ? String(offset + PAGE) : null }
    }),
  )

  app.onRequest(
    acp.methods.agent.session.prompt,
    guard(async (p) => {
      const s = get(p.sessionId)
      const parts = promptParts(p.prompt)
      if ("problem" in parts) throw RequestError.invalidParams(undefined, parts.problem)
      const client = await deps.client()
      const compact = /^\/compact(?:\s+([\s\S]*))?$/.exec(parts.text.trim())
      if (compact) {
        if (s.busy || s.running)
          throw RequestError.invalidRequest(undefined, "The session is busy; cancel the reply first")
        const r = await client.request("session.compact", {
          sessionId: s.hostId,
          ...(compact[1] ? { instructions: compact[1] } : {}),
        })
        await s.flush()
        // The editor shows no notice outside a turn: the reason is its answer.
        if (r.failed) throw new ProtocolError("failed", r.failed)
        return { stopReason: "end_turn" as const }
      }
      // Plan mode sends each message as a plan request, as the window's Shift+Tab does.
      const text = s.mode === "plan" && !parts.text.startsWith("/") ? `/plan ${parts.text}` : parts.text
      return s.prompt(text, () =>
        client.request("session.prompt", {
          sessionId: s.hostId,
          text,
          ...(parts.images.length ? { images: parts.images } : {}),
        }),
      )
    }),
  )

  app.onNotification(acp.methods.agent.session.cancel, async ({ params }) => {
    const s = typeof params?.sessionId === "string" ? sessions.get(params.sessionId) : undefined
    if (!s) return deps.log(`session/cancel for unknown session ${String(params?.sessionId)}`)
    await s.cancel()
  })

  async function setOption(s: AcpSession & { mode: AcpMode }, configId: unknown, value: unknown) {
    const options = await config(s)
    const option = options.find((o) => o.id === configId)
    if (!option)
      throw RequestError.invalidParams(
        undefined,
        `Unknown config option ${JSON.stringify(configId)}; xagent has ${options.map((o) => o.id).join(", ")}`,
      )
    if (typeof value !== "string" || !option.options.some((o) => o.value === value))
      throw RequestError.invalidParams(
        undefined,
        `${JSON.stringify(value)} is not a value of ${option.id}: ${option.options.map((o) => o.value).join(", ")}`,
      )
    const client = await deps.client()
    if (option.id === "model") {
      const cut = value.indexOf("/")
      await client.request("session.setModel", {
        sessionId: s.hostId,
        provider: value.slice(0, cut),
        id: value.slice(cut + 1),
      })
    } else if (option.id === "thought_level")
      await client.request("session.setThinking", { sessionId: s.hostId, level: value as never })
    if (option.id === "mode" && s.mode !== value) return setMode(s, value as AcpMode)
    // A new model or thinking level is the host's to report (its info event): one update per change.
    return config(s)
  }

  /** The mode is this agent's own (nothing in the host changes): its updates go from here. */
  async function setMode(s: AcpSession & { mode: AcpMode }, mode: AcpMode) {
    s.mode = mode
    s.notify({ sessionUpdate: "current_mode_update", currentModeId: s.mode })
    const next = await config(s)
    s.notify({ sessionUpdate: "config_option_update", configOptions: next })
    return next
  }

  app.onRequest(
    acp.methods.agent.session.setConfigOption,
    guard(async (p) => {
      const s = get(p.sessionId)
      if ((p as { type?: unknown }).type === "boolean" || typeof p.value === "boolean")
        throw RequestError.invalidParams(undefined, "xagent has no boolean config options")
      return { configOptions: await setOption(s, p.configId, p.value) }
    }),
  )

  app.onRequest(
    acp.methods.agent.session.setMode,
    guard(async (p) => {
      await setOption(get(p.sessionId), "mode", p.modeId)
      return {}
    }),
  )

  return {
    app,
    async closeAll() {
      for (const s of sessions.values()) await s.detach().catch(() => {})
      sessions.clear()
    },
  }
}

interface ForkParams {
  sessionId: unknown
  cwd: unknown
  mcpServers?: unknown
  additionalDirectories?: unknown
}

function forkParams(params: unknown): ForkParams {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    throw RequestError.invalidParams(undefined, "session/fork takes an object: sessionId, cwd, mcpServers")
  return params as ForkParams
}
