// /context: what a conversation's runs were configured with and what fills the model's window.
// The host reads it from the session (its file's entries, Pi's resource loader, the model and
// settings) and the window only draws it. A figure is either measured (the provider's usage of a
// reply), configured (the model's window, Pi's compaction reserve), or an estimate that says so:
// absent measured figures stay absent, and the window shows `?` for them.

/** One run: a person's prompt and the replies up to the next one, on the session's branch. */
export interface ContextRun {
  /** 1-based, in branch order. */
  n: number
  /** The prompt's text (the window draws its first line). */
  prompt: string
  timestamp?: number
  /** The models that answered it, as its replies record them ("provider/id"), in order. */
  models: string[]
  /** The thinking level the session file recorded as in force when the prompt was sent. */
  thinking?: string
}

export type ContextSourceKind = "system" | "append" | "context"

/** A file the system prompt is built from: Pi's SYSTEM.md, APPEND_SYSTEM.md, or an AGENTS.md (context file). */
export interface ContextSource {
  kind: ContextSourceKind
  path: string
}

/** The session's configuration now: what a run started now would be sent with. */
export interface ContextConfig {
  /** "provider/id", absent without a model. */
  model?: string
  thinking: string
  sources: ContextSource[]
  /** The tools declared to the model. */
  tools: string[]
  mcpServers: string[]
  skills: string[]
  /** The extensions loaded, by path. */
  extensions: string[]
}

export type ContextPartName =
  "system prompt" | "tools' schemas" | "context files" | "skills" | "messages" | "tool results" | "images" | "summaries"

/** One contributor to the window. */
export interface ContextPart {
  name: ContextPartName
  /** Measured by the provider; absent when nothing measured this part alone (every part, today). */
  tokens?: number
  /** Pi's chars/4 estimate of what the next request would carry of it. */
  estimate: number
}

export interface ContextUsage {
  /** The model's context window; absent when the model does not say. */
  contextWindow?: number
  /** Pi's compaction reserve (settings), kept free for the reply. */
  reserve: number
  /**
   * What the last request sent, as its reply's usage says: input + cacheRead + cacheWrite. Absent
   * when that reply reported no usage, when there was no reply yet, or when a compaction came after it.
   */
  sent?: { input: number; cacheRead: number; cacheWrite: number; total: number; model: string }
  /** Why `sent` is absent, in a few words. */
  unmeasured?: string
  parts: ContextPart[]
}

/** One row of `/context growth`: a request and what it sent, or a compaction between requests. */
export type ContextGrowthRow =
  | { kind: "request"; n: number; run: number; model: string; tokens?: number }
  | { kind: "compaction"; tokensBefore: number }

export interface ContextReport {
  runs: ContextRun[]
  current: ContextConfig
  usage: ContextUsage
  growth: ContextGrowthRow[]
}
