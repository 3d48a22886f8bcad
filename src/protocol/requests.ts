// Every request a window may send (its parameters are the TypeBox schemas in schemas.ts) with
// the result type each one answers with. Effects come back as events, not results.
import type { Static } from "typebox"
import type { Schemas } from "./schemas"
import type { SessionInfo, ThinkingLevel } from "./transcript"

export type Method = keyof typeof Schemas
export type Params<M extends Method> = Static<(typeof Schemas)[M]>

export interface CommandInfo {
  name: string
  description?: string
  source: "extension" | "prompt" | "skill"
}

export interface ModelInfo {
  provider: string
  id: string
  name?: string
  available: boolean
  reasoning?: boolean
  contextWindow?: number
}

export interface TreeNode {
  id: string
  parentId: string | null
  role: string
  text: string
  timestamp: number
  /** On the path from the root to the current leaf. */
  onPath: boolean
  isLeaf: boolean
}

export interface SavedSession {
  path: string
  id: string
  name?: string
  cwd: string
  modified: number
  messageCount: number
  firstMessage: string
  /** Present when a host has this session open. */
  live?: { sessionId: string; running: boolean; pendingQuestions: number; windows: number }
}

export interface ProviderAuth {
  provider: string
  hasAuth: boolean
  envVar?: string
  oauth: boolean
}

export interface Results {
  /** `env`: a fingerprint of the environment the daemon runs with (util/env-fingerprint.ts) */
  hello: { version: number; server: string; pid: number; env?: string }
  "session.open": { sessionId: string; info: SessionInfo; warnings: string[] }
  "session.subscribe": {}
  "session.unsubscribe": {}
  "session.close": {}
  "session.prompt": {}
  "session.bash": {}
  "session.bashOutside": {}
  "session.setPermissions": {}
  "session.abort": {}
  "session.dequeue": { steering: string[]; followUp: string[] }
  "session.commands": { commands: CommandInfo[] }
  "session.models": { models: ModelInfo[]; current?: { provider: string; id: string }; levels: ThinkingLevel[] }
  "session.setModel": {}
  "session.setThinking": {}
  "session.compact": {}
  /** `editorText`: messages that were queued behind a running reply, for the composer */
  "session.new": { editorText?: string }
  "session.switch": { editorText?: string }
  "session.forkPoints": { points: { entryId: string; text: string }[] }
  /** `editorText`: the message forked from, then any that were queued behind a running reply */
  "session.fork": { editorText?: string }
  "session.tree": { nodes: TreeNode[] }
  "session.navigate": { editorText?: string }
  "session.setName": {}
  "session.export": { path: string }
  "session.lastReply": { text?: string }
  "session.uiRespond": {}
  "sessions.list": { sessions: SavedSession[] }
  "auth.status": { providers: ProviderAuth[] }
  "auth.setApiKey": {}
}

export type Result<M extends Method> = Results[M]

/** Requests that change a session or run code in the host: refused to processes the agent itself started. */
export const MUTATING = new Set<Method>([
  // Opening loads the folder's Pi extensions into the host: code the caller chooses.
  "session.open",
  // Writes a file wherever the caller says.
  "session.export",
  "session.prompt",
  "session.bash",
  // Runs a command outside the sandbox, or turns the sandbox off: only a person at a window.
  "session.bashOutside",
  "session.setPermissions",
  "session.abort",
  "session.dequeue",
  "session.setModel",
  "session.setThinking",
  "session.compact",
  "session.new",
  "session.switch",
  "session.fork",
  "session.navigate",
  "session.setName",
  "session.uiRespond",
  "session.close",
  "auth.setApiKey",
])
