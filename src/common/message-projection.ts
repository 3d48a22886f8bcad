// Pi messages and session entries → transcript items, for the host and for a window's preview of a
// session file (util/session-branch.ts). Pure: the same branch always projects to the same
// items with the same ids, and live projection (runtime/session/event-projection.ts) uses the
// same ids, so a window that replays events and one that takes a snapshot draw the same thing.
import type {
  AssistantItem,
  BashItem,
  Block,
  CompactionItem,
  CustomItem,
  ToolItem,
  TranscriptItem,
  UserItem,
} from "../protocol/transcript"
import { ATTACHED_FILES, attachedFilesDetails, attachedFilesMarker } from "./attachment"
import { REQUIRED_SKILLS, requiredSkillsDetails, requiredSkillsMarker } from "./required-skills"
import type {
  AssistantMessage,
  BashExecutionMessage,
  BranchEntry,
  Content,
  CustomMessage,
  EntryMessage,
  ToolResultMessage,
  TranscriptEntry,
  UserMessage,
} from "./session-entries"

/**
 * Hands out item ids: derived from what the item is (role + timestamp, tool call id), with a
 * numeric suffix when two items would collide (providers that reuse tool call ids, or
 * messages stamped in the same millisecond).
 */
export class ItemIds {
  private readonly used = new Set<string>()
  private notices = 0

  constructor(existing: Iterable<string> = []) {
    for (const id of existing) this.used.add(id)
  }

  take(base: string): string {
    let id = base
    for (let i = 2; this.used.has(id); i++) id = `${base}-${i}`
    this.used.add(id)
    return id
  }

  notice(): string {
    return this.take(`n-${++this.notices}`)
  }
}

export function contentText(content: Content): string {
  if (typeof content === "string") return content
  return content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n")
}

export function userText(message: UserMessage): string {
  const c = message.content
  if (typeof c === "string") return c
  return c
    .filter((p) => p.type === "text")
    .map((p) => (p as { text: string }).text)
    .join("")
}

export function projectUser(message: UserMessage, id: string): UserItem {
  const images = typeof message.content === "string" ? 0 : message.content.filter((p) => p.type === "image").length
  const item: UserItem = { kind: "user", id, text: userText(message), timestamp: message.timestamp }
  if (images) item.images = images
  return item
}

export function projectBlocks(message: AssistantMessage): Block[] {
  return message.content.map((c): Block => {
    if (c.type === "text") return { type: "text", text: c.text }
    if (c.type === "thinking") return { type: "thinking", text: c.thinking }
    return { type: "toolCall", id: c.id, name: c.name, args: c.arguments }
  })
}

export function projectAssistant(message: AssistantMessage, id: string, streaming: boolean): AssistantItem {
  const item: AssistantItem = {
    kind: "assistant",
    id,
    blocks: projectBlocks(message),
    streaming,
    model: `${message.provider}/${message.model}`,
    timestamp: message.timestamp,
  }
  // "pending" and "deferred" (a batch reply still to be fetched) are not endings.
  if (!streaming && message.stopReason !== "pending" && message.stopReason !== "deferred")
    item.stopReason = message.stopReason
  if (message.errorMessage) item.errorMessage = message.errorMessage
  if (message.usage && (message.usage.input || message.usage.output))
    item.usage = { input: message.usage.input, output: message.usage.output }
  return item
}

/** The text of a tool result (or partial result): text parts joined, images marked. */
export function resultText(result: unknown): string | undefined {
  const content = (result as { content?: Content } | undefined)?.content
  if (content === undefined) return undefined
  return contentText(content)
}

export function applyToolResult(item: ToolItem, result: ToolResultMessage): ToolItem {
  const next: ToolItem = { ...item, status: result.isError ? "error" : "done", output: contentText(result.content) }
  if (result.details !== undefined) next.details = result.details
  return next
}

export function projectBash(message: BashExecutionMessage, id: string): BashItem {
  const item: BashItem = {
    kind: "bash",
    id,
    command: message.command,
    output: message.output,
    status: "done",
    timestamp: message.timestamp,
  }
  if (message.exitCode !== undefined) item.exitCode = message.exitCode
  if (message.cancelled) item.cancelled = true
  if (message.truncated) item.truncated = true
  if (message.excludeFromContext) item.excludeFromContext = true
  return item
}

export function projectCustom(
  message: Pick<CustomMessage, "customType" | "content" | "details" | "timestamp">,
  id: string,
): CustomItem {
  const item: CustomItem = {
    kind: "custom",
    id,
    customType: message.customType,
    text: contentText(message.content),
    timestamp: message.timestamp,
  }
  if (message.details !== undefined) item.details = message.details
  // Attached files and required skills are for the model: every view (rows, copy, export, print)
  // shows the marker.
  const attached = message.customType === ATTACHED_FILES ? attachedFilesDetails(message.details) : undefined
  if (attached) item.text = attachedFilesMarker(attached)
  const skills = message.customType === REQUIRED_SKILLS ? requiredSkillsDetails(message.details) : undefined
  if (skills) item.text = requiredSkillsMarker(skills)
  return item
}

/** A custom entry that an extension's entry renderer draws (pi.appendEntry + registerEntryRenderer). */
export function projectCustomEntry(
  entry: { customType: string; data?: unknown; timestamp: string },
  id: string,
): CustomItem {
  const item: CustomItem = {
    kind: "custom",
    id,
    customType: entry.customType,
    text: "",
    entry: true,
    timestamp: Date.parse(entry.timestamp) || 0,
  }
  if (entry.data !== undefined) item.details = entry.data
  return item
}

export function compactionId(firstKeptEntryId: string): string {
  return `k-${firstKeptEntryId}`
}

export function projectCompaction(
  summary: string,
  tokensBefore: number,
  id: string,
  timestamp: number,
): CompactionItem {
  return { kind: "compaction", id, summary, tokensBefore, timestamp }
}

/** Tool items opened by an assistant message, keyed by tool call id (latest call wins). */
export type OpenTools = Map<string, ToolItem>

function pushMessage(m: EntryMessage, ids: ItemIds, out: TranscriptItem[], at: Map<string, number>, open: OpenTools) {
  switch (m.role) {
    case "user":
      out.push(projectUser(m, ids.take(`u-${m.timestamp}`)))
      return
    case "assistant": {
      out.push(projectAssistant(m, ids.take(`a-${m.timestamp}`), false))
      for (const c of m.content) {
        if (c.type !== "toolCall") continue
        const tool: ToolItem = {
          kind: "tool",
          id: ids.take(c.id),
          name: c.name,
          args: c.arguments,
          status: "pending",
          timestamp: m.timestamp,
        }
        open.set(c.id, tool)
        at.set(tool.id, out.length)
        out.push(tool)
      }
      return
    }
    case "toolResult": {
      const tool = open.get(m.toolCallId)
      if (!tool) return
      open.delete(m.toolCallId)
      out[at.get(tool.id)!] = applyToolResult(tool, m)
      return
    }
    case "bashExecution":
      out.push(projectBash(m, ids.take(`b-${m.timestamp}`)))
      return
    case "custom":
      if (m.display) out.push(projectCustom(m, ids.take(`c-${m.timestamp}`)))
      return
    case "compactionSummary":
    case "branchSummary":
      // These only reach a transcript through entries (projectBranch), never as messages.
      return
  }
}

function closeOpenTools(out: TranscriptItem[], at: Map<string, number>, open: OpenTools): TranscriptItem[] {
  for (const tool of open.values()) out[at.get(tool.id)!] = { ...tool, status: "error" }
  return out
}

/**
 * The current branch of a session (root → leaf entries) as transcript items; custom entries only
 * where `drawsEntry` says an extension renders their type.
 */
export function projectBranch(
  entries: readonly BranchEntry[],
  ids = new ItemIds(),
  drawsEntry: (customType: string) => boolean = () => false,
): TranscriptItem[] {
  const out: TranscriptItem[] = []
  const at = new Map<string, number>()
  const open: OpenTools = new Map()
  for (const e of entries as readonly TranscriptEntry[]) {
    const ts = Date.parse(e.timestamp) || 0
    switch (e.type) {
      case "message":
        pushMessage(e.message, ids, out, at, open)
        break
      case "custom_message":
        if (e.display)
          out.push(
            projectCustom(
              { customType: e.customType, content: e.content, details: e.details, timestamp: ts },
              ids.take(`c-${ts}`),
            ),
          )
        break
      case "custom":
        if (drawsEntry(e.customType)) out.push(projectCustomEntry(e, ids.take(`e-${e.id}`)))
        break
      case "compaction":
        out.push(projectCompaction(e.summary, e.tokensBefore, ids.take(compactionId(e.firstKeptEntryId)), ts))
        break
      case "branch_summary":
        out.push({ kind: "branch_summary", id: ids.take(`s-${e.fromId}`), summary: e.summary, timestamp: ts })
        break
    }
  }
  return closeOpenTools(out, at, open)
}
