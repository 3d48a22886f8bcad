// One ACP session over one of xagent's live sessions: the host's events become `session/update`
// notifications, sent in order, every one flushed before a prompt's answer. This file holds the
// session's life (attach, leave, cancel) and where each event goes; the parts it hands them to:
// the prompt and its answer (prompt-turn.ts), tool rows (tool-call-updates.ts), message text
// (message-chunks.ts), the history a load replays (history-replay.ts), dialogs as permission
// requests and forms (dialogs.ts).
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk"
import {
  type EventEnvelope,
  type SessionEvent,
  type SessionInfo,
  type SessionSnapshot,
  type SessionStats,
  type TranscriptItem,
} from "../protocol"
import { errorText } from "../util/error-text"
import { EditorDialogs } from "./dialogs"
import { replayUserMessage, wholeHistory } from "./history-replay"
import { MessageChunks } from "./message-chunks"
import { PromptTurn } from "./prompt-turn"
import type { SessionLink, Send } from "./session-link"
import { ToolCallUpdates } from "./tool-call-updates"

export class AcpSession {
  info: SessionInfo
  running = false
  closed = false
  private unsubscribe?: () => void
  private chain: Promise<void> = Promise.resolve()
  private readonly turn: PromptTurn
  private readonly chunks: MessageChunks
  private readonly tools: ToolCallUpdates
  private readonly dialogs: EditorDialogs
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
    const notify = (u: SessionUpdate | Promise<SessionUpdate>) => this.notify(u)
    const cwd = () => this.info.cwd
    this.chunks = new MessageChunks(notify)
    this.tools = new ToolCallUpdates({ hostId, link, cwd, notify })
    this.turn = new PromptTurn({
      id,
      hostId,
      link,
      running: () => this.running,
      closed: () => this.closed,
      notify,
      flush: () => this.flush(),
      approvePlan: (toolCallId, title, plan) => this.dialogs.approvePlan(toolCallId, title, plan),
    })
    this.dialogs = new EditorDialogs({
      id,
      hostId,
      link,
      cwd,
      inTurn: () => this.turn.active,
      flush: () => this.flush(),
      notify,
      before: (toolCallId, name, args) => this.tools.before(toolCallId, name, args),
      openRow: () => this.tools.openRow(),
      allowed: (toolCallId, toolName, always) => this.tools.allowed(toolCallId, toolName, always),
    })
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
    return this.turn.active
  }

  /** Runs one prompt to its turn_end. `send` starts it on the host. */
  prompt(text: string, send: () => Promise<unknown>): Promise<PromptResponse> {
    return this.turn.run(text, send)
  }

  /** session/cancel: stop the run, withdraw open questions; the prompt answers `cancelled`. */
  async cancel(): Promise<void> {
    this.turn.cancelAsked()
    void this.dialogs.withdrawAll("cancelled")
    if (this.turn.active || this.running)
      await this.link.client.request("session.abort", { sessionId: this.hostId }).catch((err) => {
        this.link.log(`abort of ${this.hostId} failed: ${errorText(err)}`)
      })
  }

  /** session/close: the editor's own prompt stops (ACP: as if cancelled); a window's run goes on. */
  async close(): Promise<void> {
    if (this.turn.active) await this.cancel()
    await this.detach()
  }

  /**
   * The editor leaves (session/close, a closed or lost connection). Nothing runs on its account:
   * a window's reply it joined, and its own reply too, finish in the daemon, where a terminal or
   * a later session/load finds them whole. Only session/cancel stops a run.
   */
  async detach(): Promise<void> {
    const ownRun = this.turn.active && !this.closed
    // Held updates of a session never answered go now (or fail on the closed connection).
    this.answered()
    await this.flush()
    // The editor's questions cannot be answered any more: a permission it was asked is denied
    // (a lost editor never grants), a form is left to a terminal.
    await this.dialogs.withdrawAll("closed")
    this.closed = true
    this.unsubscribe?.()
    this.turn.left()
    // A run the editor started keeps asking before gated calls (in a terminal, or an editor that
    // loads the session): consent is never given by going away.
    if (!ownRun)
      await this.link.client.request("session.setApproval", { sessionId: this.hostId, approval: "off" }).catch(() => {})
    if (this.link.mcp)
      await this.link.client.request("session.setMcpServers", { sessionId: this.hostId, servers: [] }).catch(() => {})
    // The files are the disk's again once the editor whose buffers they were is gone.
    if (this.link.caps.fs?.readTextFile)
      await this.link.client.request("session.setEditorFiles", { sessionId: this.hostId, read: false }).catch(() => {})
  }

  /** Set by the agent: re-send the config options (they need the model list). */
  onConfigChanged?: () => void

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
        return this.chunks.delta(e.itemId, e.blockIndex, e.blockType, e.delta)
      case "run":
        this.running = e.running
        return this.turn.runChanged(e.running)
      case "component":
        return this.turn.panel(e.component)
      case "info":
        return this.infoChanged(e.info)
      case "stats":
        this.stats = e.stats
        return this.announceUsage()
      case "ui_request":
        return this.dialogs.show(e.request)
      case "editor_read":
        return void this.readForHost(e.requestId, e.path)
      case "ui_resolved":
        // Answered elsewhere (a terminal window): withdraw the editor's copy.
        return this.dialogs.withdraw(e.requestId)
      case "turn_end":
        return void this.turn.end(e.stopReason, e.errorMessage)
      case "closed":
        this.closed = true
        return this.turn.ended(e.reason)
      default:
        return
    }
  }

  private snapshot(s: SessionSnapshot, replay: boolean): void {
    // A load replays the whole history: the snapshot carries its newest part, the host gives the
    // rest a page at a time, and events that come meanwhile wait.
    if (this.ready !== undefined && replay && s.earlier && s.items.length) {
      this.held = []
      void wholeHistory(s, this.link, this.hostId).then((whole) => {
        const held = this.held ?? []
        this.held = undefined
        this.snapshot(whole, replay)
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
    const how: Send = first ? (replay ? "replay" : "skip") : this.turn.active ? "live" : "skip"
    for (const item of s.items) this.item(item, how)
    for (const r of s.ui.pending) this.dialogs.show(r)
    this.ready?.()
    this.ready = undefined
  }

  private item(item: TranscriptItem, how: Send): void {
    if (item.kind === "assistant")
      item.blocks.forEach((b, i) => {
        if (b.type === "text" || b.type === "thinking") this.chunks.text(item.id, i, b.type, b.text, how !== "skip")
      })
    else if (item.kind === "tool") {
      if (how === "live") this.turn.toolSeen(item)
      this.tools.show(item, how)
    }
    // The editor shows its own prompts; history shows every one.
    else if (item.kind === "user" && how === "replay")
      replayUserMessage(item, this.link, this.hostId, (u) => this.notify(u))
    else if ((item.kind === "notice" || item.kind === "custom") && how === "live") this.turn.said(item)
  }

  /**
   * The host's read tool asks for a file as this editor holds it (fs/read_text_file, unsaved
   * changes and all). No text in the answer (the editor failed, or cannot): the host reads the disk.
   */
  private async readForHost(requestId: string, path: string): Promise<void> {
    if (!this.link.caps.fs?.readTextFile) return
    const text = await this.link.conn
      .request<{ content: string }>("fs/read_text_file", { sessionId: this.id, path })
      .then((r) => (typeof r?.content === "string" ? r.content : undefined))
      .catch((err) => {
        this.link.log(`fs/read_text_file ${path}: ${errorText(err)}`)
        return undefined
      })
    await this.link.client
      .request("session.editorFile", { sessionId: this.hostId, requestId, ...(text === undefined ? {} : { text }) })
      .catch((err) => this.link.log(`answer to ${requestId}: ${errorText(err)}`))
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
}
