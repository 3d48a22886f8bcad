// The parts of Pi's session entries (format v3) and messages that a transcript is drawn from, as
// plain shapes: Pi's own types fit them (the runtime passes Pi's entries), and a window can read
// a session file into them without loading Pi (util/session-branch.ts).
import type { StopReason } from "../protocol/transcript"

type TextPart = { type: "text"; text: string }
type ImagePart = { type: "image"; mimeType?: string }
export type Content = string | readonly (TextPart | ImagePart)[]

export interface UserMessage {
  role: "user"
  content: Content
  timestamp: number
}

export interface AssistantMessage {
  role: "assistant"
  content: readonly (
    | TextPart
    | { type: "thinking"; thinking: string }
    | { type: "toolCall"; id: string; name: string; arguments: unknown }
  )[]
  provider: string
  model: string
  // "pending" and "deferred": a batch reply still to be fetched
  stopReason: StopReason | "pending" | "deferred"
  errorMessage?: string
  usage?: { input: number; output: number }
  timestamp: number
}

export interface ToolResultMessage {
  role: "toolResult"
  toolCallId: string
  content: Content
  isError: boolean
  details?: unknown
}

export interface BashExecutionMessage {
  role: "bashExecution"
  command: string
  output: string
  exitCode?: number
  cancelled?: boolean
  truncated?: boolean
  excludeFromContext?: boolean
  timestamp: number
}

export interface CustomMessage {
  role: "custom"
  customType: string
  content: Content
  display?: boolean
  details?: unknown
  timestamp: number
}

/** Messages that only reach a transcript through their entries (compaction, branch summary). */
interface SummaryMessage {
  role: "compactionSummary" | "branchSummary"
}

export type EntryMessage =
  UserMessage | AssistantMessage | ToolResultMessage | BashExecutionMessage | CustomMessage | SummaryMessage

interface EntryBase {
  id: string
  parentId: string | null
  /** ISO time */
  timestamp: string
}

/** The entries a transcript may show; every other kind (labels, model changes) draws nothing. */
export type TranscriptEntry = EntryBase &
  (
    | { type: "message"; message: EntryMessage }
    | { type: "custom_message"; customType: string; content: Content; display?: boolean; details?: unknown }
    | { type: "compaction"; summary: string; tokensBefore: number; firstKeptEntryId: string }
    | { type: "branch_summary"; summary: string; fromId: string }
    /** pi.appendEntry: drawn only where an extension's entry renderer takes its type */
    | { type: "custom"; customType: string; data?: unknown }
  )

/** Any entry of a session's tree: the kinds above, or one that draws nothing. */
export type BranchEntry = TranscriptEntry | (EntryBase & { type: string & {} })
