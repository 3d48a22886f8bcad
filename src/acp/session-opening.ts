// The methods that make a live session an editor's: session/new, session/load (the history
// replayed), session/resume (not replayed) and session/fork. Each opens or joins one of the
// daemon's live sessions, so a terminal window can attach to it too.
import { RequestError, type AgentContext } from "@agentclientprotocol/sdk"
import type { McpServerSpec, Result, SessionInfo } from "../protocol"
import { errorText } from "../util/error-text"
import { AcpSession } from "./acp-session"
import { absoluteCwd, type AgentState, type EditorSession } from "./agent-state"
import { mcpSpecs } from "./mcp-servers"
import { announceCommands, config } from "./session-config"
import { findSession, remember } from "./session-finder"
import { modeState, type AcpMode } from "./turn-map"

/** Opens (or joins) a live session in the daemon and makes it this connection's. */
async function openSession(
  state: AgentState,
  open: Result<"session.open">,
  replay: boolean,
  cx: AgentContext,
  servers: McpServerSpec[],
  hold = false,
): Promise<EditorSession> {
  const { deps } = state
  const client = await deps.client()
  await client.request("session.setApproval", { sessionId: open.sessionId, approval: "ask" })
  // Before the answer, so the first prompt has the tools; a joined session's earlier ones are replaced.
  if (servers.length) {
    await client.request("session.setMcpServers", { sessionId: open.sessionId, servers })
    deps.log(`session ${open.info.piSessionId}: MCP servers ${servers.map((x) => x.name).join(", ")}`)
  }
  // The read tool takes a file as the editor holds it (its unsaved buffer), when the editor can say.
  if (state.caps.fs?.readTextFile)
    await client.request("session.setEditorFiles", { sessionId: open.sessionId, read: true })
  const s = Object.assign(
    new AcpSession(open.info.piSessionId, open.sessionId, open.info, {
      client,
      conn: cx,
      caps: state.caps,
      log: deps.log,
      mcp: servers.length > 0,
    }),
    { mode: "default" as AcpMode },
  )
  s.onConfigChanged = () =>
    void config(deps, s).then(
      (configOptions) => s.notify({ sessionUpdate: "config_option_update", configOptions }),
      (err) => deps.log(`config of ${s.id}: ${errorText(err)}`),
    )
  state.sessions.get(s.id)?.detach()
  state.sessions.set(s.id, s)
  await s.attach(replay, hold)
  for (const w of open.warnings) deps.log(`session ${s.id}: ${w}`)
  return s
}

/**
 * After the response (the SDK writes it as the handler returns; a timer runs later): what a new
 * session held, the commands and the context meter (clients drop updates of unknown sessions).
 */
function afterOpen(state: AgentState, s: AcpSession): void {
  setTimeout(() => {
    s.answered()
    s.announceUsage()
    void announceCommands(state.deps, s).catch((err) => state.deps.log(`commands of ${s.id}: ${errorText(err)}`))
  }, 0)
}

/** A session opened held (nothing sent before this answer names it): its config, then what it held. */
async function answerNew(state: AgentState, s: EditorSession) {
  const configOptions = await config(state.deps, s).catch((err) => (s.answered(), Promise.reject(err)))
  afterOpen(state, s)
  return { sessionId: s.id, configOptions, modes: modeState(s.mode) }
}

const NO_EXTRA_DIRECTORIES = "additionalDirectories is not supported (not advertised)"

export async function newSession(
  state: AgentState,
  p: { cwd: unknown; mcpServers?: unknown; additionalDirectories?: string[] | null },
  cx: AgentContext,
) {
  const cwd = absoluteCwd(p.cwd)
  const servers = mcpSpecs(p.mcpServers)
  if (p.additionalDirectories?.length) throw RequestError.invalidParams(undefined, NO_EXTRA_DIRECTORIES)
  const client = await state.deps.client()
  // As in Pi's modes without its window: no trust question, "ask" skips the project's resources.
  const open = await client.request("session.open", { cwd, mode: { kind: "new" }, trustPrompt: false })
  // Nothing of it goes out before this answer, which names it.
  const s = await openSession(state, open, false, cx, servers, true)
  remember(state.deps, s.id, cwd)
  return answerNew(state, s)
}

/** session/load (`replay`: the history goes out first) and session/resume. */
export async function reopen(
  state: AgentState,
  p: { sessionId: string; cwd: string; mcpServers?: unknown },
  replay: boolean,
  cx: AgentContext,
) {
  const cwd = absoluteCwd(p.cwd)
  const servers = mcpSpecs(p.mcpServers)
  const sessionId = p.sessionId
  const found = await findSession(state.deps, sessionId)
  const client = await state.deps.client()
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
  const s = await openSession(state, open, replay, cx, servers)
  afterOpen(state, s)
  return { configOptions: await config(state.deps, s), modes: modeState(s.mode) }
}

export interface ForkParams {
  sessionId: unknown
  cwd: unknown
  mcpServers?: unknown
  additionalDirectories?: unknown
}

/** session/fork is in the SDK's unstable schema only: registered by name, its params checked here. */
export function forkParams(params: unknown): ForkParams {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    throw RequestError.invalidParams(undefined, "session/fork takes an object: sessionId, cwd, mcpServers")
  return params as ForkParams
}

export async function forkSession(state: AgentState, p: ForkParams, cx: AgentContext) {
  const cwd = absoluteCwd(p.cwd)
  const servers = mcpSpecs(p.mcpServers)
  if (Array.isArray(p.additionalDirectories) && p.additionalDirectories.length)
    throw RequestError.invalidParams(undefined, NO_EXTRA_DIRECTORIES)
  const found = await findSession(state.deps, p.sessionId)
  const client = await state.deps.client()
  // A copy as a new session, the source left as it is (a window or another editor may hold
  // it). One with no file yet has had no prompt: its copy is a new session.
  const open = await client.request("session.open", {
    cwd,
    mode: "file" in found ? { kind: "fork", ref: found.file.path } : { kind: "new" },
    trustPrompt: false,
  })
  const s = await openSession(state, open, false, cx, servers, true)
  s.mode = state.sessions.get(String(p.sessionId))?.mode ?? s.mode
  if (!("file" in found)) remember(state.deps, s.id, cwd)
  return answerNew(state, s)
}
