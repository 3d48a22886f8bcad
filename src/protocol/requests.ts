// Every request a window may send, as TypeBox schemas (validated at the daemon boundary) with
// the result type each one answers with. Effects come back as events, not results.
import { Type, type Static, type TSchema } from "typebox"
import type { SessionInfo, ThinkingLevel } from "./transcript"

const Id = Type.String({ minLength: 1, maxLength: 200 })
const SessionRef = { sessionId: Id }
// Spelled out: a mapped array would type every level as \`undefined\` for Static<>.
const Thinking = Type.Union([
  Type.Literal("off"),
  Type.Literal("minimal"),
  Type.Literal("low"),
  Type.Literal("medium"),
  Type.Literal("high"),
  Type.Literal("xhigh"),
])

export const OpenMode = Type.Union([
  Type.Object({ kind: Type.Literal("new") }),
  Type.Object({ kind: Type.Literal("continue") }),
  /** A session file path or a Pi session id (or a unique prefix of one). */
  Type.Object({ kind: Type.Literal("session"), ref: Type.String({ minLength: 1 }) }),
])

export const Schemas = {
  hello: Type.Object({
    version: Type.Integer(),
    client: Type.String(),
    pid: Type.Optional(Type.Integer()),
  }),
  "session.open": Type.Object({
    cwd: Type.String({ minLength: 1 }),
    mode: OpenMode,
    model: Type.Optional(Type.String()),
    thinking: Type.Optional(Thinking),
    extensions: Type.Optional(Type.Array(Type.String())),
    /** False for runs with no window to answer (`--print`): ask_user is left out. Default true. */
    interactive: Type.Optional(Type.Boolean()),
  }),
  "session.subscribe": Type.Object({ ...SessionRef, after: Type.Integer({ minimum: 0 }) }),
  "session.unsubscribe": Type.Object(SessionRef),
  "session.close": Type.Object(SessionRef),
  "session.prompt": Type.Object({
    ...SessionRef,
    text: Type.String(),
    behavior: Type.Optional(Type.Union([Type.Literal("steer"), Type.Literal("followUp")])),
  }),
  "session.bash": Type.Object({ ...SessionRef, command: Type.String({ minLength: 1 }) }),
  "session.abort": Type.Object(SessionRef),
  /** Empties the queue and hands its texts back, so the composer can take them again. */
  "session.dequeue": Type.Object(SessionRef),
  "session.commands": Type.Object(SessionRef),
  "session.models": Type.Object(SessionRef),
  "session.setModel": Type.Object({ ...SessionRef, provider: Type.String(), id: Type.String() }),
  "session.setThinking": Type.Object({ ...SessionRef, level: Thinking }),
  "session.compact": Type.Object({ ...SessionRef, instructions: Type.Optional(Type.String()) }),
  "session.new": Type.Object(SessionRef),
  "session.switch": Type.Object({ ...SessionRef, path: Type.String({ minLength: 1 }) }),
  "session.forkPoints": Type.Object(SessionRef),
  "session.fork": Type.Object({ ...SessionRef, entryId: Id }),
  "session.tree": Type.Object(SessionRef),
  "session.navigate": Type.Object({ ...SessionRef, entryId: Id }),
  "session.setName": Type.Object({ ...SessionRef, name: Type.String({ minLength: 1, maxLength: 200 }) }),
  "session.export": Type.Object({
    ...SessionRef,
    format: Type.Union([Type.Literal("html"), Type.Literal("markdown")]),
    path: Type.Optional(Type.String()),
  }),
  "session.lastReply": Type.Object(SessionRef),
  "session.uiRespond": Type.Object({
    ...SessionRef,
    requestId: Id,
    response: Type.Union([
      Type.Object({ value: Type.String() }),
      Type.Object({ confirmed: Type.Boolean() }),
      /** ask_user answers; the tool checks them against its questions (validateAnswers). */
      Type.Object({ answers: Type.Array(Type.Unknown()) }),
      Type.Object({ cancelled: Type.Literal(true) }),
    ]),
  }),
  /** Saved sessions of a folder (or all), newest first, with live state where a host runs them. */
  "sessions.list": Type.Object({ cwd: Type.Optional(Type.String()), all: Type.Optional(Type.Boolean()) }),
  "auth.status": Type.Object({}),
  "auth.setApiKey": Type.Object({ provider: Type.String({ minLength: 1 }), key: Type.String({ minLength: 1 }) }),
} satisfies Record<string, TSchema>

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
  hello: { version: number; server: string; pid: number }
  "session.open": { sessionId: string; info: SessionInfo; warnings: string[] }
  "session.subscribe": {}
  "session.unsubscribe": {}
  "session.close": {}
  "session.prompt": {}
  "session.bash": {}
  "session.abort": {}
  "session.dequeue": { steering: string[]; followUp: string[] }
  "session.commands": { commands: CommandInfo[] }
  "session.models": { models: ModelInfo[]; current?: { provider: string; id: string }; levels: ThinkingLevel[] }
  "session.setModel": {}
  "session.setThinking": {}
  "session.compact": {}
  "session.new": {}
  "session.switch": {}
  "session.forkPoints": { points: { entryId: string; text: string }[] }
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
