// What a window draws: Pi's messages projected into transcript items. Built by the runtime,
// carried by snapshots and events, read by the TUI. Plain data only.

export type Block =
  | { type: "text"; text: string }
  | { type: "thinking"; text: string }
  | { type: "toolCall"; id: string; name: string; args: unknown }
  | { type: "image"; mimeType: string }

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted"

export interface UserItem {
  kind: "user"
  id: string
  text: string
  images?: number
  timestamp: number
}

export interface AssistantItem {
  kind: "assistant"
  id: string
  blocks: Block[]
  streaming: boolean
  stopReason?: StopReason
  errorMessage?: string
  model?: string
  usage?: { input: number; output: number }
  timestamp: number
}

/** One tool call and its execution; `id` is the tool call id. */
export interface ToolItem {
  kind: "tool"
  id: string
  name: string
  args: unknown
  status: "pending" | "running" | "done" | "error"
  /** Text content of the (partial or final) result. */
  output?: string
  /** The tool's structured `details` (e.g. edit's diff, bash's exit code). */
  details?: unknown
  /** The tool's own look (its extension's renderCall/renderResult), when it has one. */
  rendered?: RenderedRows
  timestamp: number
}

/** Rows an extension's renderer drew for an item (SGR kept), at `width`; `expandedLines` when expanded differs. */
export interface RenderedRows {
  lines: string[]
  expandedLines?: string[]
  width: number
}

/** A `!command` the person ran as a user turn. */
export interface BashItem {
  kind: "bash"
  id: string
  command: string
  output: string
  exitCode?: number
  cancelled?: boolean
  truncated?: boolean
  /** `!!command`: the output stays out of the model's context */
  excludeFromContext?: boolean
  /** Ran outside the sandbox at the person's request (`!outside`). */
  outside?: boolean
  /** Ran in the sandbox (bwrap): its writes outside the workspace, `/tmp` included, do not last. */
  sandboxed?: boolean
  status: "running" | "done"
  timestamp: number
}

export interface CustomItem {
  kind: "custom"
  id: string
  customType: string
  text: string
  details?: unknown
  /** The message's own look (its extension's registerMessageRenderer), when it has one. */
  rendered?: RenderedRows
  /**
   * A custom entry (pi.appendEntry), not a message: never in the model's context, and shown only
   * through its extension's registerEntryRenderer (so only its rows are drawn).
   */
  entry?: true
  timestamp: number
}

export interface CompactionItem {
  kind: "compaction"
  id: string
  summary: string
  tokensBefore?: number
  timestamp: number
}

export interface BranchSummaryItem {
  kind: "branch_summary"
  id: string
  summary: string
  timestamp: number
}

/** Host-side notices: retries, compaction progress, aborted turns, errors. */
export interface NoticeItem {
  kind: "notice"
  id: string
  level: "info" | "warning" | "error"
  text: string
  timestamp: number
}

export type TranscriptItem =
  UserItem | AssistantItem | ToolItem | BashItem | CustomItem | CompactionItem | BranchSummaryItem | NoticeItem

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max"

export interface ModelRef {
  provider: string
  id: string
  name?: string
  contextWindow?: number
  reasoning?: boolean
}

export interface SessionInfo {
  /** Pi's session id (the file's id); changes on /new, /fork, /session. */
  piSessionId: string
  /**
   * The window (its `window` id) whose request put this Pi session in the live session: its own
   * /new, /resume, /fork, or an extension command it ran (`ctx.newSession()`). Absent when no
   * window named itself (the opening, ACP, `--print`). A window tells its own moves by it.
   */
  movedBy?: string
  name?: string
  cwd: string
  file?: string
  model?: ModelRef
  thinkingLevel: ThinkingLevel
  /** Set when no model is usable: what to do about it. */
  authHint?: string
  /**
   * Bundled extensions' state, keyed by extension name (each sets its own through
   * `BundledHost.setState`; absent: none). Its window part reads it through the window's slots.
   */
  extensions?: Record<string, unknown>
  /** How the agent's commands and file tools are confined (runtime/sandbox). */
  sandbox?: SandboxInfo
  /** Pi's quietStartup set to true: an empty session shows no welcome (`"header"` keeps it, as in Pi). */
  quietStartup?: boolean
  /** Pi's branchSummary.skipPrompt: /tree moves without asking "Summarize branch?". */
  skipBranchSummaryPrompt?: boolean
  /** Pi's hideThinkingBlock: a folded thinking block shows its label only, not the start of the thought. */
  hideThinking?: boolean
  /** An extension offers completions for the prompt (ctx.ui.addAutocompleteProvider): ask session.complete. */
  autocomplete?: boolean
  /** Keys the extensions registered (`pi.registerShortcut`), as Pi's key ids (`ctrl+shift+k`). */
  shortcuts?: ShortcutInfo[]
  /**
   * An external ACP agent's session: bumped each time the agent sends its slash commands, so a
   * window asks for the palette's list (session.commands) again.
   */
  commandsRevision?: number
  /** An external ACP agent's mode, when it offers a choice of them: Shift+Tab moves to the next. */
  agentMode?: AgentSetting
  /**
   * The session's engine is an external ACP agent (its name) that serves these requests only:
   * the window's commands that need others are greyed with the reason, never sent.
   */
  engine?: { agent: string; offers: string[] }
  /** Theme files Pi's resources found for this session (extensions' resources_discover, packages). */
  themePaths?: string[]
  /**
   * Entries the session file could not take (a full disk, a file that cannot be written): the host
   * keeps them and retries, and they are lost if the session ends first. Quitting asks about them.
   */
  unsaved?: { count: number; file: string }
}

/** One of an external ACP agent's settings (its model, effort or mode), as the agent confirmed it. */
export interface AgentSetting {
  /** The value the agent confirmed. */
  current: string
  /** In the agent's order; `group`: the agent's name for a group of them. */
  choices: { value: string; name: string; description?: string; group?: string }[]
}

export interface ShortcutInfo {
  /** Pi's key id, lower case: `ctrl+alt+p`, `shift+f2`. */
  key: string
  description?: string
}

/**
 * `sandboxed`: commands in the workspace sandbox, file tools inside the workspace; `full`: no
 * boundary (`/permissions full`, `--dangerously-skip-sandbox`), for this session only.
 */
export type PermissionMode = "sandboxed" | "full"

export interface SandboxInfo {
  mode: PermissionMode
  /** False when no sandbox can be made here (see `problem`). */
  available: boolean
  /** Why not, and what to install or change. */
  problem?: string
  /** The person agreed to run commands unsandboxed because no sandbox is available. */
  unsandboxed?: boolean
  /** `read-only`: nothing may be written (plan mode). */
  scope?: "read-only"
  /** Sandboxed: where the agent's commands and file tools may write (the workspace, sandbox.writable). */
  writable?: string[]
  /** The sandbox's network: on, off, or only these hosts (sandbox.network). */
  network?: "on" | "off" | string[]
  /** Why xagent's sandbox settings could not be used (the strict defaults apply). */
  settingsProblem?: string
}

export interface SessionStats {
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number }
  cost: number
  context?: { tokens: number | null; contextWindow: number; percent: number | null }
}

export interface QueueState {
  steering: string[]
  followUp: string[]
}
