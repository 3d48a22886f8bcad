// One ACP session over one of xagent's live sessions: the host's events become `session/update`
// notifications (sent in order, every one flushed before a prompt's answer), its dialogs become
// permission requests and form elicitations, and a prompt's answer is the run's turn_end.
import type { AgentContext, ClientCapabilities, PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk"
import { RequestError } from "@agentclientprotocol/sdk"
import type { Client } from "../client/client"
import { gatedTool } from "../common/permission"
import {
  type ComponentView,
  type EventEnvelope,
  type FileChange,
  type SessionEvent,
  type SessionInfo,
  type SessionSnapshot,
  type SessionStats,
  type ToolItem,
  type TranscriptItem,
  type UserItem,
} from "../protocol"
import { TODO_TOOL, todoDetails } from "../common/todo"
import { EditorDialogs } from "./dialogs"
import { fetchEarlier } from "./earlier-history"
import { finalDiff, historyDiffs, snapshotOf } from "./file-diffs"
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
import { planEntries, stopReasonOf } from "./turn-map"
import {
  commandSays,
  EDITOR_KEYS,
  ESC,
  panelMessage,
  planStepEntries,
  readyPlan,
  windowOnly,
  type ReadyPlan,
} from "./command-answers"

export interface SessionLink {
  client: Client
  conn: AgentContext
  caps: ClientCapabilities
  log(msg: string): void
  /** This connection gave the live session MCP servers, to take back when it leaves. */
  mcp?: boolean
}

interface Row {
  status: AcpToolStatus
  item?: ToolItem
  output?: string
  /** The file before the call changed it (null: it did not exist), read when the row appeared. */
  before?: string | null
}

/** `live`: as it happens; `replay`: history sent on session/load; `skip`: history only recorded. */
type Send = "live" | "replay" | "skip"

interface Turn {
  resolve(r: PromptResponse): void
  reject(e: Error): void
  cancelAsked: boolean
  /** The prompt's text: a slash command's answer is what it prints (command-answers.ts). */
  text: string
  /** A run began in this turn: from then on notices are thoughts, not the command's answer. */
  ran: boolean
  /** A plan request's plan, once its submit_plan went through: asked about at the turn's end. */
  plan?: ReadyPlan
}

export class AcpSession {
  info: SessionInfo
  running = false
  closed = false
  private unsubscribe?: () => void
  private chain: Promise<void> = Promise.resolve()
  private turn?: Turn
  /** Characters of each block of each assistant item already sent. */
  private readonly sent = new Map<string, number[]>()
  private readonly rows = new Map<string, Row>()
  private readonly dialogs: EditorDialogs
  /** Calls allowed here, and the tools allowed always: their rows may show as running. */
  private readonly gateAllowed = new Set<string>()
  private readonly alwaysAllowed = new Set<string>()
  /** Window-only panels this editor's commands opened (and closed). */
  private readonly panels = new Set<string>()
  private ready?: () => void
  /** Events that came while the history's older part was being fetched. */
  private held?: EventEnvelope[]
  private stats?: SessionStats
  private release?: () => void

  constructor(
    readonly id: string,
    readonly hostId: string,
    info: SessionInfo,
    private readonly link: SessionLink,
  ) {
    this.info = info
    this.dialogs = new EditorDialogs({
      id,
      hostId,
      link,
      cwd: () => this.info.cwd,
      inTurn: () => this.turn !== undefined,
      flush: () => this.flush(),
      notify: (u) => this.notify(u),
      before: (toolCallId, name, args) => {
        const seen = this.rows.get(toolCallId)?.before
        // Never a guessed "new file": unread before, read it now (the call waits for this answer).
        return seen !== undefined ? seen : snapshotOf({ name, args }, this.info.cwd)
      },
      openRow: () =>
        [...this.rows.entries()].reverse().find(([, r]) => r.status !== "completed" && r.status !== "failed")?.[0],
      allowed: (toolCallId, toolName, always) => this.allowed(toolCallId, toolName, always),
    })
  }

  /** After consent the row may show as running. */
  private allowed(toolCallId: string, toolName: string, always: boolean): void {
    this.gateAllowed.add(toolCallId)
    if (always) this.alwaysAllowed.add(toolName)
    const row = this.rows.get(toolCallId)
    if (row?.item && advances(row.status, "in_progress")) {
      row.status = "in_progress"
      this.notify(this.update(row.item, "in_progress", row))
    }
  }

  /**
   * Subscribes; with `replay`, the history goes out as updates before this resolves. With `hold`,
   * nothing goes out until `answered()`: a client drops updates of a session whose id it has not
   * been answered yet (session/new).
   */
  async attach(replay: boolean, hold = false): Promise<void> {
    if (hold) this.chain = new Promise<void>((r) => (this.release = r))
    const first = new Promise<void>((r) => (this.ready = r))
    this.unsubscribe = this.link.client.subscribe(this.hostId, 0, (e) => this.onEvent(e, replay))
    await first
    if (!hold) await this.flush()
  }

  /** The session's id is the client's now: what was held goes out. */
  answered(): void {
    this.release?.()
    this.release = undefined
  }

  /** The context meter, when the session knows its model's window. */
  announceUsage(): void {
    const c = this.stats?.context
    if (c) this.notify({ sessionUpdate: "usage_update", used: c.tokens ?? 0, size: c.contextWindow })
  }

  /** Sends one update after every earlier one. */
  notify(update: SessionUpdate | Promise<SessionUpdate>): void {
    if (this.closed) return
    this.chain = this.chain
      .then(async () => this.link.conn.notify("session/update", { sessionId: this.id, update: await update }))
      .catch((err) => this.link.log(`session/update for ${this.id} failed: ${String(err)}`))
  }

  flush(): Promise<void> {
    return this.chain
  }

  get busy(): boolean {
    return this.turn !== undefined
  }

  /** Runs one prompt to its turn_end. `send` starts it on the host. */
  async prompt(text: string, send: () => Promise<unknown>): Promise<PromptResponse> {
    if (this.turn)
      throw RequestError.invalidRequest(undefined, "A prompt is already running in this session; cancel it first")
    if (this.running)
      throw RequestError.invalidRequest(
        undefined,
        "This session is busy with a reply started elsewhere (a terminal window)",
      )
    const done = new Promise<PromptResponse>(
      (resolve, reject) => (this.turn = { resolve, reject, cancelAsked: false, text, ran: false }),
    )
    try {
      await send()
    } catch (err) {
      this.turn = undefined
      throw RequestError.internalError(undefined, `xagent could not start the prompt: ${errorText(err)}`)
    }
    try {
      return await done
    } finally {
      this.turn = undefined
    }
  }

  /** session/cancel: stop the run, withdraw open questions; the prompt answers `cancelled`. */
  async cancel(): Promise<void> {
    if (this.turn) this.turn.cancelAsked = true
    void this.dialogs.withdrawAll("cancelled")
    if (this.turn || this.running)
      await this.link.client.request("session.abort", { sessionId: this.hostId }).catch((err) => {
        this.link.log(`abort of ${this.hostId} failed: ${errorText(err)}`)
      })
  }

  /** session/close: the editor's own prompt stops (ACP: as if cancelled); a window's run goes on. */
  async close(): Promise<void> {
    if (this.turn) await this.cancel()
    await this.detach()
  }

  /**
   * The editor leaves (session/close, a closed or lost connection). Nothing runs on its account:
   * a window's reply it joined, and its own reply too, finish in the daemon, where a terminal or
   * a later session/load finds them whole. Only session/cancel stops a run.
   */
  async detach(): Promise<void> {
    const ownRun = this.turn !== undefined && !this.closed
    // Held updates of a session never answered go now (or fail on the closed connection).
    this.answered()
    await this.flush()
    // The editor's questions cannot be answered any more: a permission it was asked is denied
    // (a lost editor never grants), a form is left to a terminal.
    await this.dialogs.withdrawAll("closed")
    this.closed = true
    this.unsubscribe?.()
    this.turn?.resolve({ stopReason: "cancelled" })
    // A run the editor started keeps asking before gated calls (in a terminal, or an editor that
    // loads the session): consent is never given by going away.
    if (!ownRun)
      await this.link.client.request("session.setApproval", { sessionId: this.hostId, approval: "off" }).catch(() => {})
    if (this.link.mcp)
      await this.link.client.request("session.setMcpServers", { sessionId: this.hostId, servers: [] }).catch(() => {})
  }

  private onEvent(env: EventEnvelope, replay: boolean): void {
    // While a long history's older part is fetched, what follows waits behind it, in order.
    if (this.held) return void this.held.push(env)
    try {
      this.handle(env.event, replay)
    } catch (err) {
      this.link.log(`event ${env.event.type} of ${this.id}: ${errorText(err)}`)
    }
  }

  private handle(e: SessionEvent, replay: boolean): void {
    switch (e.type) {
      case "snapshot":
        return this.snapshot(e.snapshot, replay)
      case "item_add":
      case "item_update":
        return this.item(e.item, "live")
      case "text_delta":
        return this.delta(e.itemId, e.blockIndex, e.blockType, e.delta)
      case "run":
        this.running = e.running
        if (e.running && this.turn) this.turn.ran = true
        return
      case "component":
        return this.panel(e.component)
      case "info":
        return this.infoChanged(e.info)
      case "stats":
        this.stats = e.stats
        return this.announceUsage()
      case "ui_request":
        return this.dialogs.show(e.request)
      case "ui_resolved":
        // Answered elsewhere (a terminal window): withdraw the editor's copy.
        return this.dialogs.withdraw(e.requestId)
      case "turn_end":
        return void this.turnEnd(e.stopReason, e.errorMessage)
      case "closed":
        this.closed = true
        this.turn?.reject(RequestError.internalError(undefined, `The session ended: ${e.reason}`))
        return
      default:
        return
    }
  }

  private snapshot(s: SessionSnapshot, replay: boolean): void {
    // A load replays the whole history: the snapshot carries its newest part (history-window.ts),
    // the host gives the rest a page at a time, and events that come meanwhile wait.
    const oldest = s.items[0]
    if (this.ready !== undefined && replay && s.earlier && oldest) {
      this.held = []
      void fetchEarlier(this.link.client, this.hostId, oldest.id, (line) => this.link.log(line)).then((older) => {
        const held = this.held ?? []
        this.held = undefined
        this.snapshot({ ...s, items: [...older, ...s.items], earlier: 0 }, replay)
        for (const env of held) this.onEvent(env, replay)
      })
      return
    }
    this.info = s.info
    this.stats = s.stats
    this.running = s.running
    // The first snapshot is history: sent on load, only recorded otherwise. A later one (a
    // reconnect, the session replaced) sends what a live prompt has not seen yet.
    const first = this.ready !== undefined
    const how: Send = first ? (replay ? "replay" : "skip") : this.turn ? "live" : "skip"
    for (const item of s.items) this.item(item, how)
    for (const r of s.ui.pending) this.dialogs.show(r)
    this.ready?.()
    this.ready = undefined
  }

  private item(item: TranscriptItem, how: Send): void {
    if (item.kind === "assistant")
      item.blocks.forEach((b, i) => {
        if (b.type === "text" || b.type === "thinking") this.text(item.id, i, b.type, b.text, how !== "skip")
      })
    else if (item.kind === "tool") this.tool(item, how)
    // The editor shows its own prompts; history shows every one.
    else if (item.kind === "user" && how === "replay") this.userMessage(item)
    else if ((item.kind === "notice" || item.kind === "custom") && how === "live" && this.turn) {
      const said = commandSays(item, this.turn.ran)
      if (said) this.notify(said)
    }
  }

  /**
   * A panel only a window can draw (Pi's /mcp, an extension's custom component) opened by the
   * editor's command: closed as a terminal's Escape would, and the editor told where to use it,
   * so its prompt never waits on something it cannot see.
   */
  private panel(c: ComponentView): void {
    const turn = this.turn
    if (!turn || turn.ran || !windowOnly(c) || this.panels.has(c.id)) return
    this.panels.add(c.id)
    this.notify(panelMessage(turn.text, this.id))
    void this.link.client
      .request("session.componentInput", { sessionId: this.hostId, componentId: c.id, window: EDITOR_KEYS, data: ESC })
      .catch((err) => this.link.log(`closing panel ${c.id}: ${errorText(err)}`))
  }

  /** A message of the history: its text, then its images (the host keeps their data). */
  private userMessage(item: UserItem): void {
    if (item.text) this.notify({ sessionUpdate: "user_message_chunk", content: { type: "text", text: item.text } })
    if (!item.images) return
    const images = this.link.client
      .request("session.userImages", { sessionId: this.hostId, timestamp: item.timestamp })
      .then((r) => r.images)
      .catch((err) => {
        this.link.log(`images of ${item.id}: ${errorText(err)}`)
        return []
      })
    for (let i = 0; i < item.images; i++)
      this.notify(
        images.then((all): SessionUpdate => ({
          sessionUpdate: "user_message_chunk",
          content: all[i] ? { type: "image", ...all[i]! } : { type: "text", text: "[image]" },
        })),
      )
  }

  /** Sends what of block `i` has not been sent yet (deltas and whole items meet here). */
  private text(itemId: string, i: number, type: "text" | "thinking", full: string, live: boolean): void {
    const sent = this.sent.get(itemId) ?? []
    this.sent.set(itemId, sent)
    const already = sent[i] ?? 0
    sent[i] = full.length
    if (!live || full.length <= already) return
    this.chunk(itemId, type, full.slice(already))
  }

  private delta(itemId: string, i: number, type: "text" | "thinking", delta: string): void {
    if (!delta) return
    const sent = this.sent.get(itemId) ?? []
    this.sent.set(itemId, sent)
    sent[i] = (sent[i] ?? 0) + delta.length
    this.chunk(itemId, type, delta)
  }

  private chunk(messageId: string, type: "text" | "thinking", text: string): void {
    this.notify({
      sessionUpdate: type === "text" ? "agent_message_chunk" : "agent_thought_chunk",
      content: { type: "text", text },
      messageId,
    } as SessionUpdate)
  }

  private tool(item: ToolItem, how: Send): void {
    if (how === "live" && this.turn) this.turn.plan = readyPlan(item, this.turn.text) ?? this.turn.plan
    if (!hasRow(item.name)) {
      const todos = item.name === TODO_TOOL && item.status === "done" ? todoDetails(item.details) : undefined
      if (todos && how !== "skip") this.notify({ sessionUpdate: "plan", entries: planEntries(todos.todos) })
      return
    }
    let row = this.rows.get(item.id)
    let status = rowStatus(item)
    if (how !== "live") {
      // History: one row in its final state.
      this.rows.set(item.id, { status, output: item.output })
      if (how === "skip" || row) return
      this.notify({ sessionUpdate: "tool_call", ...this.rowFields(item), status, rawInput: item.args ?? {} })
      const diffs = historyDiffs(item, this.info.cwd)
      if (item.output || diffs.length) this.notify(this.toolUpdate(item, status, diffs))
      return
    }
    // A gated call waits for consent after it "starts": it shows as running only once allowed.
    if (status === "in_progress" && this.holdsStart(item)) status = "pending"
    if (!row) {
      row = { status: "pending", before: snapshotOf(item, this.info.cwd) }
      this.rows.set(item.id, row)
      this.notify({ sessionUpdate: "tool_call", ...this.rowFields(item), status: "pending", rawInput: item.args ?? {} })
    }
    row.item = item
    const outputChanged = item.output !== undefined && item.output !== row.output
    const moves = status !== row.status && advances(row.status, status)
    if (!moves && !outputChanged) return
    if (moves) row.status = status
    this.notify(this.update(item, row.status, row))
  }

  private holdsStart(item: ToolItem): boolean {
    return gatedTool(item.name) && !item.output && !this.gateAllowed.has(item.id) && !this.alwaysAllowed.has(item.name)
  }

  private rowFields(item: ToolItem) {
    const cwd = this.info.cwd
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
    return this.link.client
      .request("session.fileChange", { sessionId: this.hostId, toolCallId: item.id })
      .catch((err) => {
        this.link.log(`change of ${item.id}: ${errorText(err)}`)
        return {} as { change?: FileChange }
      })
      .then(({ change }) =>
        this.toolUpdate(
          item,
          status,
          // Without the host's record (a history row, a change too big to keep) the row's own look.
          change ? [{ type: "diff", ...change }] : finalDiff(item, this.info.cwd, before),
        ),
      )
  }

  private toolUpdate(item: ToolItem, status: AcpToolStatus, diffs: DiffContent[]): SessionUpdate {
    const content: ({ type: "content"; content: { type: "text"; text: string } } | DiffContent)[] = []
    if (item.output) content.push({ type: "content", content: { type: "text", text: item.output } })
    content.push(...diffs)
    const out: Record<string, unknown> = {
      sessionUpdate: "tool_call_update",
      toolCallId: item.id,
      status,
      locations: toolLocations(item, this.info.cwd),
    }
    if (content.length) out.content = content
    if (status === "completed" || status === "failed")
      out.rawOutput = { output: item.output ?? "", details: item.details ?? null }
    return out as SessionUpdate
  }

  private infoChanged(next: SessionInfo): void {
    const prev = this.info
    this.info = next
    if ((next.name ?? null) !== (prev.name ?? null))
      this.notify({ sessionUpdate: "session_info_update", title: next.name ?? null })
    if (
      next.thinkingLevel !== prev.thinkingLevel ||
      next.model?.id !== prev.model?.id ||
      next.model?.provider !== prev.model?.provider ||
      // Plan mode (the plan extension's state) turned on or off.
      JSON.stringify(next.extensions?.plan) !== JSON.stringify(prev.extensions?.plan)
    )
      this.onConfigChanged?.()
  }

  /**
   * The plan card's question, asked in the editor: implementing runs `/plan implement` in the same
   * prompt, which then answers at that run's end. False: the prompt answers now.
   */
  private async implement(turn: Turn, plan: ReadyPlan): Promise<boolean> {
    this.notify({ sessionUpdate: "plan", entries: planStepEntries(plan.plan) })
    const command = await this.dialogs.approvePlan(plan.toolCallId, plan.title, plan.plan)
    if (!command || this.turn !== turn || turn.cancelAsked || this.closed) return false
    turn.text = command
    turn.ran = false
    try {
      await this.link.client.request("session.prompt", { sessionId: this.hostId, text: command })
      return true
    } catch (err) {
      this.link.log(`${command} of ${this.id}: ${errorText(err)}`)
      return false
    }
  }

  /** Set by the agent: re-send the config options (they need the model list). */
  onConfigChanged?: () => void

  private async turnEnd(reason: Parameters<typeof stopReasonOf>[0], errorMessage?: string): Promise<void> {
    const turn = this.turn
    if (!turn) return
    await this.flush()
    const plan = turn.plan
    turn.plan = undefined
    if (plan && reason === "end_turn" && !turn.cancelAsked && !this.closed && (await this.implement(turn, plan))) return
    const stop = stopReasonOf(reason, turn.cancelAsked)
    if (stop === "error") turn.reject(RequestError.internalError(undefined, errorMessage ?? "The reply failed"))
    else turn.resolve({ stopReason: stop })
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
