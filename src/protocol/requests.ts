// Every request a window may send (its parameters are the TypeBox schemas in schemas.ts) with
// the result type each one answers with. Effects come back as events, not results.
import type { Static } from "typebox"
import type { ContextReport } from "./context"
import type { DoctorReport } from "./doctor"
import type { PackagesListing } from "./packages"
import type { ProfilesListing } from "./agent-profiles"
import type { Schemas } from "./schemas"
import type { AgentSetting, SessionInfo, SessionStats, ThinkingLevel, TranscriptItem } from "./transcript"
import type { WorkspaceDiff } from "./workspace-diff"

export type Method = keyof typeof Schemas
export type Params<M extends Method> = Static<(typeof Schemas)[M]>

/** An MCP server a front end adds to one live session (ACP's stdio and http `mcpServers`). */
export type McpServerSpec =
  | { type: "stdio"; name: string; command: string; args: string[]; env: { name: string; value: string }[] }
  | { type: "http"; name: string; url: string; headers: { name: string; value: string }[] }

/** An edit's or write's file before and after the call (`oldText` null: it did not exist). */
export interface FileChange {
  path: string
  oldText: string | null
  newText: string
}

export interface CommandInfo {
  /** What to type after the slash: the bare name, or `<owner>:<name>` when owners share the name. */
  name: string
  description?: string
  source: "extension" | "prompt" | "skill"
  /** An extension command's package or extension name (none for xagent's and Pi's own). */
  owner?: string
  /** Two owners registered this name: `name` is the owned form, and the bare one asks which. */
  shared?: boolean
}

/** A skill the session has loaded: `$name` in a window's message requires it. */
export interface SkillInfo {
  name: string
  description?: string
}

export interface ModelInfo {
  provider: string
  id: string
  name?: string
  available: boolean
  reasoning?: boolean
  contextWindow?: number
}

/**
 * An external ACP agent's settings, each what the agent offers (its config option of that category,
 * or its older modes for `mode`); one it does not offer is absent, and cannot be set.
 */
export interface AgentSettings {
  /** The agent's name, for what the window says of a setting it lacks. */
  agent: string
  model?: AgentSetting
  /** Its thinking or effort (a config option of category `thought_level`). */
  effort?: AgentSetting
  mode?: AgentSetting
}

export type AgentSettingKind = "model" | "effort" | "mode"

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
  /** Pi's id of the session this one was forked from, when that one is in the same list. */
  forkOf?: string
  /** Present when a host has this session open. */
  live?: { sessionId: string; running: boolean; pendingQuestions: number; windows: number }
}

/** One of an agent's own sessions, as its `session/list` says (its words: drawn sanitized). */
export interface AgentOwnSession {
  sessionId: string
  cwd: string
  title?: string
  /** ISO 8601, when the agent says. */
  updatedAt?: string
}

export interface ProviderAuth {
  provider: string
  /** How Pi names it (the subscription's name for sign-in providers, e.g. "Anthropic (Claude Pro/Max)") */
  name?: string
  hasAuth: boolean
  envVar?: string
  /** Offers a subscription sign-in (auth.login) */
  oauth: boolean
  /** Takes an API key (auth.setApiKey); false for subscription-only providers */
  apiKey: boolean
}

export interface SettingInfo {
  /** Pi's settings.json key */
  key: string
  label: string
  description: string
  value: string
  options: string[]
}

/** Token counts and cost of some assistant replies. */
export interface UsageTotals {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  /** Dollars, at the hosted Pi's prices for the model (the reply's own recorded cost for unknown models). */
  cost: number
  replies: number
}

export interface UsageReport {
  /** `provider/id`, most expensive first. */
  models: (UsageTotals & { model: string })[]
  total: UsageTotals
}

export interface CompletionItem {
  label: string
  description?: string
  start: number
  end: number
  insert: string
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
  "session.setApproval": {}
  "session.setMcpServers": {}
  /** Nothing when the call changed no file, or its change was taken, dropped or never kept. */
  "session.fileChange": { change?: FileChange }
  "session.setEditorFiles": {}
  "session.editorFile": {}
  /** `editorText`: the steers and follow-ups that were queued, for the composer. */
  "session.abort": { editorText?: string }
  "session.shortcut": {}
  /** Each completion as the edit it makes: `text.slice(start, end)` becomes `insert`. */
  "session.complete": { items: CompletionItem[] }
  "session.dequeue": { steering: string[]; followUp: string[] }
  "session.queueEdit": {}
  /** The whole session written to a new file of its own (its file could not take every entry). */
  "session.saveUnsaved": { path: string }
  /** `skills`: every loaded skill, listed as commands or not (Pi's enableSkillCommands). */
  "session.commands": { commands: CommandInfo[]; skills?: SkillInfo[] }
  "session.models": {
    models: ModelInfo[]
    current?: { provider: string; id: string }
    levels: ThinkingLevel[]
    /** Pi's scoped models (`enabledModels`, `--models`), in their order; absent when none are. */
    scoped?: { provider: string; id: string }[]
    /** A session on an external ACP agent: its own choices, as it last confirmed them (`models` is empty). */
    agent?: AgentSettings
  }
  "session.setModel": {}
  "session.setThinking": {}
  /** `model` undefined: nothing to cycle to (one usable model or none) */
  "session.cycleModel": { model?: { provider: string; id: string }; thinkingLevel?: ThinkingLevel; scoped: boolean }
  "session.setAgentOption": {}
  "session.reload": {}
  "settings.list": { settings: SettingInfo[] }
  "settings.set": {}
  "session.theme": {}
  /** `failed`: why Pi did not compact, already told to every window as a notice. */
  "session.compact": { failed?: string }
  /** `editorText`: messages that were queued behind a running reply, for the composer */
  "session.new": { editorText?: string }
  /**
   * `sessionId`: the file was live in another session host, so nothing was switched: the window
   * watches that session from now on (one writer per file); its own session is left as it was.
   * With `opened`, the file was an agent session's journal, which Pi's switch cannot read: it was
   * opened in a host of its own, and the session switched from is the window's to close.
   */
  "session.switch": { editorText?: string; sessionId?: string; opened?: boolean }
  /** `agent`: the agent's name; no rows when it lists nothing or offers no `session/list`. */
  "session.agentSessions": { agent?: string; sessions: AgentOwnSession[] }
  "session.openAgentSession": { sessionId: string; info: SessionInfo; warnings: string[] }
  "session.forkPoints": { points: { entryId: string; text: string }[] }
  /** `editorText`: the message forked from, then any that were queued behind a running reply */
  "session.fork": { editorText?: string }
  "session.tree": { nodes: TreeNode[] }
  "session.navigate": { editorText?: string }
  "session.setName": {}
  "session.export": { path: string }
  "session.lastReply": { text?: string }
  /** Answered once the side run started; its text comes as `side_answer` events. */
  "session.btw": {}
  "session.diff": WorkspaceDiff
  /** The items right before `before`, newest last, up to HISTORY_BYTES; `earlier`: how many are before those. */
  "session.earlier": { items: TranscriptItem[]; earlier: number }
  /** Base64 data and MIME type of each, in the message's order; none when no such message. */
  "session.userImages": { images: { data: string; mimeType: string }[] }
  /** `session`: every reply in this session's file (all branches); `today`: since local midnight, across the agent dir's sessions. */
  "session.usage": {
    session: UsageReport
    today: UsageReport & { sessions: number }
    context?: SessionStats["context"]
  }
  "session.doctor": DoctorReport
  "session.context": ContextReport
  "session.uiRespond": {}
  /** `cleared`: the key was Ctrl+C and it emptied an extension's editor (Pi's first Ctrl+C), so it does not arm quitting. */
  "session.componentInput": { cleared?: boolean }
  "session.componentResize": {}
  "agents.list": ProfilesListing
  /** The file written or deleted. */
  "agents.change": { file: string }
  "packages.list": PackagesListing
  /** The listing as it is after the change. */
  "packages.toggle": PackagesListing
  /** What was done, in Pi's words. */
  "packages.run": { message: string }
  "sessions.list": { sessions: SavedSession[] }
  "auth.status": { providers: ProviderAuth[] }
  "auth.setApiKey": {}
  "auth.login": {}
}

export type Result<M extends Method> = Results[M]
