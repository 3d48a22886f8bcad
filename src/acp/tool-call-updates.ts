// A session's tool rows over time: each call's tool_call, then tool_call_updates that only move
// forward (pending → in_progress → completed/failed). A gated call shows as running only once the
// editor (or a terminal) allowed it; a finished edit's or write's row carries the host's record of
// what the call changed. The row's look itself is tool-rows.ts'; the diffs, file-diffs.ts'.
import type { SessionUpdate } from "@agentclientprotocol/sdk"
import { gatedTool } from "../common/permission"
import { TODO_TOOL, todoDetails } from "../common/todo"
import type { FileChange, ToolItem } from "../protocol"
import { errorText } from "../util/error-text"
import { finalDiff, historyDiffGap, historyDiffs, snapshotOf } from "./file-diffs"
import type { SessionLink, Send } from "./session-link"
import {
  advances,
  hasRow,
  rowStatus,
  toolKind,
  toolLocations,
  toolTitle,
  type AcpToolStatus,
  type DiffContent,
} from "./tool-rows"
import { planEntries } from "./turn-map"

interface Row {
  status: AcpToolStatus
  item?: ToolItem
  output?: string
  /** The file before the call changed it (null: it did not exist), read when the row appeared. */
  before?: string | null
}

/** What the rows need of their session. */
export interface ToolCallSession {
  readonly hostId: string
  readonly link: SessionLink
  cwd(): string
  notify(update: SessionUpdate | Promise<SessionUpdate>): void
}

export class ToolCallUpdates {
  private readonly rows = new Map<string, Row>()
  /** Calls allowed here, and the tools allowed always: their rows may show as running. */
  private readonly gateAllowed = new Set<string>()
  private readonly alwaysAllowed = new Set<string>()

  constructor(private readonly s: ToolCallSession) {}

  /** An edit/write's file as its row first saw it; never a guessed "new file": unread, read now. */
  before(toolCallId: string, name: string, args: unknown): string | null | undefined {
    const seen = this.rows.get(toolCallId)?.before
    return seen !== undefined ? seen : snapshotOf({ name, args }, this.s.cwd())
  }

  /** The newest row still open (a dialog of the run belongs to it). */
  openRow(): string | undefined {
    return [...this.rows.entries()].reverse().find(([, r]) => r.status !== "completed" && r.status !== "failed")?.[0]
  }

  /** After consent the row may show as running. */
  allowed(toolCallId: string, toolName: string, always: boolean): void {
    this.gateAllowed.add(toolCallId)
    if (always) this.alwaysAllowed.add(toolName)
    const row = this.rows.get(toolCallId)
    if (row?.item && advances(row.status, "in_progress")) {
      row.status = "in_progress"
      this.s.notify(this.update(row.item, "in_progress", row))
    }
  }

  /** A tool item as it is now; todo_write has no row, its finished list is the editor's plan. */
  show(item: ToolItem, how: Send): void {
    if (!hasRow(item.name)) {
      const todos = item.name === TODO_TOOL && item.status === "done" ? todoDetails(item.details) : undefined
      if (todos && how !== "skip") this.s.notify({ sessionUpdate: "plan", entries: planEntries(todos.todos) })
      return
    }
    let row = this.rows.get(item.id)
    let status = rowStatus(item)
    if (how !== "live") {
      // History: one row in its final state.
      this.rows.set(item.id, { status, output: item.output })
      if (how === "skip" || row) return
      this.s.notify({ sessionUpdate: "tool_call", ...this.rowFields(item), status, rawInput: item.args ?? {} })
      const diffs = historyDiffs(item, this.s.cwd())
      const gap = historyDiffGap(item)
      if (item.output || diffs.length || gap) this.s.notify(this.toolUpdate(item, status, diffs, gap))
      return
    }
    // A gated call waits for consent after it "starts": it shows as running only once allowed.
    if (status === "in_progress" && this.holdsStart(item)) status = "pending"
    if (!row) {
      row = { status: "pending", before: snapshotOf(item, this.s.cwd()) }
      this.rows.set(item.id, row)
      this.s.notify({
        sessionUpdate: "tool_call",
        ...this.rowFields(item),
        status: "pending",
        rawInput: item.args ?? {},
      })
    }
    row.item = item
    const outputChanged = item.output !== undefined && item.output !== row.output
    const moves = status !== row.status && advances(row.status, status)
    if (!moves && !outputChanged) return
    if (moves) row.status = status
    this.s.notify(this.update(item, row.status, row))
  }

  private holdsStart(item: ToolItem): boolean {
    return gatedTool(item.name) && !item.output && !this.gateAllowed.has(item.id) && !this.alwaysAllowed.has(item.name)
  }

  private rowFields(item: ToolItem) {
    const cwd = this.s.cwd()
    return {
      toolCallId: item.id,
      title: toolTitle(item, cwd),
      kind: toolKind(item.name),
      locations: toolLocations(item, cwd),
    }
  }

  /** A finished edit's or write's row waits for the host's record of what that call changed. */
  private update(item: ToolItem, status: AcpToolStatus, row: Row): SessionUpdate | Promise<SessionUpdate> {
    const before = row.before
    row.output = item.output
    if (status !== "completed" || (item.name !== "edit" && item.name !== "write"))
      return this.toolUpdate(item, status, [])
    return this.s.link.client
      .request("session.fileChange", { sessionId: this.s.hostId, toolCallId: item.id })
      .catch((err) => {
        this.s.link.log(`change of ${item.id}: ${errorText(err)}`)
        return {} as { change?: FileChange }
      })
      .then(({ change }) =>
        this.toolUpdate(
          item,
          status,
          // Without the host's record (a history row, a change too big to keep) the row's own look.
          change ? [{ type: "diff", ...change }] : finalDiff(item, this.s.cwd(), before),
        ),
      )
  }

  private toolUpdate(item: ToolItem, status: AcpToolStatus, diffs: DiffContent[], note?: string): SessionUpdate {
    const content: ({ type: "content"; content: { type: "text"; text: string } } | DiffContent)[] = []
    if (item.output) content.push({ type: "content", content: { type: "text", text: item.output } })
    if (note) content.push({ type: "content", content: { type: "text", text: note } })
    content.push(...diffs)
    const out: Record<string, unknown> = {
      sessionUpdate: "tool_call_update",
      toolCallId: item.id,
      status,
      locations: toolLocations(item, this.s.cwd()),
    }
    if (content.length) out.content = content
    if (status === "completed" || status === "failed")
      out.rawOutput = { output: item.output ?? "", details: item.details ?? null }
    return out as SessionUpdate
  }
}
