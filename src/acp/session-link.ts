// What the parts of one ACP session share: the editor's connection with the daemon client behind
// it, and how a transcript item goes out (live, replayed on session/load, or only recorded).
import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk"
import type { Client } from "../client/client"

export interface SessionLink {
  client: Client
  conn: AgentContext
  caps: ClientCapabilities
  log(msg: string): void
  /** This connection gave the live session MCP servers, to take back when it leaves. */
  mcp?: boolean
}

/** `live`: as it happens; `replay`: history sent on session/load; `skip`: history only recorded. */
export type Send = "live" | "replay" | "skip"
