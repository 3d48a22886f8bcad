// Opening the agent's session again: after a restart (session/resume, else session/load, else
// nothing: the session is read-only until its next message opens a new one), or one of the agent's
// own sessions chosen on the sessions page (session/load first: its replay is the conversation,
// else session/resume; an agent that offers neither is refused). And the agent's own sessions of
// the folder, for that page.
import * as acp from "@agentclientprotocol/sdk"
import type { Result } from "../../protocol/index"
import type { AgentProcess } from "./agent-process"

/** The agent's session reopened with what its answer says of it, or nothing it could reopen. */
export type Reopened = { sessionId: string; answer: Partial<acp.NewSessionResponse> } | undefined

/** Pages of the agent's session/list read for the sessions page. */
const LIST_PAGES = 4

export async function reopenAgentSession(
  agent: AgentProcess,
  cwd: string,
  sessionId: string,
  how: "restart" | "open",
): Promise<Reopened> {
  const caps = agent.info.agentCapabilities
  const load = !!caps?.loadSession
  const resume = !!caps?.sessionCapabilities?.resume
  const again = { sessionId, cwd, mcpServers: [] }
  let method: typeof acp.methods.agent.session.load | typeof acp.methods.agent.session.resume
  if (how === "open") {
    if (!load && !resume)
      throw new Error("it cannot reopen its sessions (it offers neither session/load nor session/resume)")
    method = load ? acp.methods.agent.session.load : acp.methods.agent.session.resume
  } else if (sessionId && resume) method = acp.methods.agent.session.resume
  else if (sessionId && load) method = acp.methods.agent.session.load
  else return undefined
  // The SDK types both answers loosely; each carries the same configOptions and modes as session/new's.
  const answer = (await Promise.race([agent.cx.request(method, again), agent.failed])) as
    Partial<acp.NewSessionResponse> | null | undefined
  return { sessionId, answer: answer ?? {} }
}

/**
 * The agent's own sessions of `cwd` (session/list, where it offers it), `self` left out: a few
 * pages at most, newest first as the agent sends them.
 */
export async function agentOwnSessions(
  agent: AgentProcess,
  cwd: string,
  self: string,
): Promise<Result<"session.agentSessions">["sessions"]> {
  if (!agent.info.agentCapabilities?.sessionCapabilities?.list) return []
  const sessions: Result<"session.agentSessions">["sessions"] = []
  let cursor: string | undefined
  for (let page = 0; page < LIST_PAGES; page++) {
    const r = await agent.cx.request(acp.methods.agent.session.list, { cwd, ...(cursor ? { cursor } : {}) })
    for (const x of r.sessions)
      if (x.sessionId !== self)
        sessions.push({
          sessionId: x.sessionId,
          cwd: x.cwd,
          ...(x.title ? { title: x.title } : {}),
          ...(x.updatedAt ? { updatedAt: x.updatedAt } : {}),
        })
    cursor = r.nextCursor ?? undefined
    if (!cursor) break
  }
  return sessions
}
