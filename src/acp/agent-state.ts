// What every ACP method of one connection shares: the daemon it reaches, the client's
// capabilities, its sessions by id, and the checks and error shapes each request goes through.
import { isAbsolute } from "node:path"
import { RequestError, type AgentContext, type ClientCapabilities } from "@agentclientprotocol/sdk"
import type { Client } from "../client/client"
import { ProtocolError, type LiveSessionStatus } from "../protocol"
import { errorText } from "../util/error-text"
import type { AcpSession } from "./acp-session"
import type { NewSessions } from "./new-sessions"
import type { AcpMode } from "./turn-map"

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

/** A session with its ACP mode: the mode is this agent's own, nothing in the host holds it. */
export type EditorSession = AcpSession & { mode: AcpMode }

export interface AgentState {
  readonly deps: AgentDeps
  /** What the client said it can do at initialize. */
  caps: ClientCapabilities
  readonly sessions: Map<string, EditorSession>
}

/** A host refusal as the JSON-RPC error that says the same. */
export function rpcError(err: unknown): RequestError {
  if (err instanceof RequestError) return err
  if (err instanceof ProtocolError) {
    if (err.code === "bad_request") return RequestError.invalidParams(undefined, err.message)
    if (err.code === "not_found") return new RequestError(-32002, err.message)
  }
  return RequestError.internalError(undefined, errorText(err))
}

/** A request handler whose failures are logged and answered as JSON-RPC errors. */
export const guarded =
  (deps: AgentDeps) =>
  <P, R>(fn: (p: P, cx: AgentContext) => Promise<R>) =>
  async ({ params, client }: { params: P; client: AgentContext }): Promise<R> => {
    try {
      return await fn(params, client)
    } catch (err) {
      deps.log(`request failed: ${errorText(err)}`)
      throw rpcError(err)
    }
  }

/** The open session a request names; a closed or unknown one is not found. */
export function sessionOf(state: AgentState, sessionId: unknown): EditorSession {
  const s = typeof sessionId === "string" ? state.sessions.get(sessionId) : undefined
  if (!s || s.closed) throw RequestError.sessionNotFound(String(sessionId))
  return s
}

export function absoluteCwd(cwd: unknown): string {
  if (typeof cwd !== "string" || !isAbsolute(cwd))
    throw RequestError.invalidParams(undefined, `cwd must be an absolute path (got ${JSON.stringify(cwd)})`)
  return cwd
}
