// A live session whose engine is an external ACP agent (docs/adr-acp-client.md): its program runs
// as this host's child on a stdio pipe, spoken to with the ACP SDK's client side, and its updates
// reach windows as the events a Pi session sends (agent-updates.ts), through the same journal.
// Three identities stay apart: the SDK's JSON-RPC ids, this session's id (xagent's), and the
// agent's own session id. The agent process ends with the session.
import type { ChildProcess } from "node:child_process"
import { randomUUID } from "node:crypto"
import * as acp from "@agentclientprotocol/sdk"
import {
  emptySnapshot,
  ProtocolError,
  type AgentSettingKind,
  type Params,
  type Result,
  type SessionEvent,
  type SessionInfo,
  type SessionSnapshot,
  type UiResponse,
} from "../../protocol/index"
import { errorText } from "../../util/error-text"
import { terminalText } from "../../common/terminal-text"
import { Journal, type JournalLimits } from "../session/journal"
import { SnapshotState } from "../session/snapshot-state"
import { AgentProjection, turnStop } from "./agent-updates"
import { permissionAsk } from "./agent-permission"
import { elicitationAsk } from "./agent-elicitation"
import { AgentJournalFile } from "./agent-journal"
import { replayJournal, type Replayed } from "./agent-replay"
import { afterRestart } from "./agent-restore"
import { AgentQueue, type Queued } from "./agent-queue"
import { AgentState } from "./agent-state"
import { AgentAsks } from "./agent-asks"
import { setAgentSetting } from "./agent-settings"
import { startAgentProcess, type AgentProcess, type AgentSpec } from "./agent-process"
import { agentOwnSessions, reopenAgentSession } from "./agent-reopen"
import { AGENT_OFFERS } from "./agent-methods"

export type { AgentSpec } from "./agent-process"

export interface AgentDeps {
  log: (msg: string) => void
  journalLimits?: JournalLimits
  /** xagent's home: the session's journal on disk is under it (agent-journal.ts). */
  home: string
  /** The agent ended by itself: the host forgets the session. */
  onEnded?: () => void
}

/** How long an agent has to end after SIGTERM before it is killed. */
const TERM_GRACE_MS = 3000

export class AgentSession {
  readonly journal: Journal
  private state: SnapshotState
  private projection: AgentProjection
  /** The session on disk: a restart rebuilds it from there (agent-replay.ts). */
  private disk: AgentJournalFile | undefined
  /** Messages sent while a turn runs (agent-queue.ts). */
  private readonly queue = new AgentQueue()
  /** The agent started and its session opened again after a restart (or failed to). */
  private attached: Promise<void> = Promise.resolve()
  /** The agent's commands, configuration and usage, as it last sent them. */
  readonly agentState = new AgentState(() => this.agentName())
  /** Updates that came before `session/new` answered (agents send commands and usage at once). */
  private early: acp.SessionNotification[] | undefined = []
  private proc!: ChildProcess
  private cx!: acp.ClientContext
  private conn: acp.ClientConnection | undefined
  /** The agent's process and connection, once it has answered `initialize`. */
  private agent: AgentProcess | undefined
  /** What the agent advertised in `initialize`: it decides what is sent. */
  agentInfo: acp.InitializeResponse | undefined
  /** The agent's own session id (`session/new`), never xagent's. */
  agentSessionId = ""
  closed = false
  private turn: Promise<void> | undefined
  /**
   * The agent's open questions (permissions, forms), by their ui_request id: `answer` takes a
   * window's response (throwing a ProtocolError for one that does not fit), `withdraw` settles
   * the agent's request as cancelled.
   */
  private readonly asks = new AgentAsks((e) => this.emit(e))
  private exited: Promise<void> = Promise.resolve()

  private constructor(
    readonly id: string,
    readonly cwd: string,
    readonly spec: AgentSpec,
    private readonly deps: AgentDeps,
  ) {
    this.projection = new AgentProjection(id)
    this.state = new SnapshotState(emptySnapshot(id), { owned: true })
    this.journal = new Journal(
      id,
      () => this.state.windowSnapshot(),
      deps.journalLimits,
      (err) => deps.log(`a window's listener failed: ${errorText(err)}`),
    )
  }

  /** Spawns the agent, initializes it and opens its session in `cwd`; a failure ends the process. */
  static async start(id: string, cwd: string, spec: AgentSpec, deps: AgentDeps): Promise<AgentSession> {
    const s = new AgentSession(id, cwd, spec, deps)
    try {
      await (spec.sessionId ? s.connect({ sessionId: spec.sessionId, load: true, resume: true }, "open") : s.connect())
    } catch (err) {
      await s.stopProcess()
      const said = err instanceof acp.RequestError ? err.message : errorText(err)
      throw new ProtocolError("failed", `The agent ${JSON.stringify(spec.command.join(" "))} did not start: ${said}`)
    }
    s.state.apply({ type: "snapshot", snapshot: s.fresh() })
    s.disk = AgentJournalFile.create(
      deps.home,
      { k: "meta", v: 1, id, cwd, command: spec.command, ...(spec.env ? { env: spec.env } : {}), created: Date.now() },
      () => s.state.snapshot(),
      deps.log,
    )
    s.journalAgent()
    s.disk.checkpoint()
    // the conversation session/load replayed, drawn (and journaled) over the fresh snapshot
    if (spec.sessionId) {
      s.takeEarly("all")
      s.emitAll(s.projection.endTurn("end_turn").events)
    }
    return s
  }

  /**
   * The session of a journal, rebuilt with no request to the agent; the agent is started and its
   * session reopened meanwhile (session/resume, else session/load, when it offers one).
   */
  static restore(path: string, deps: AgentDeps): AgentSession {
    const r = replayJournal(path)
    const spec: AgentSpec = { command: r.meta.command, ...(r.meta.env ? { env: r.meta.env } : {}) }
    const s = new AgentSession(r.meta.id, r.meta.cwd, spec, deps)
    // Ids after a restart must not meet the rebuilt items' (the projection counts from one).
    s.projection = new AgentProjection(`${r.meta.id}-${randomUUID().slice(0, 4)}`)
    s.state = r.state
    s.agentSessionId = ""
    s.disk = AgentJournalFile.reopen(path, () => s.state.snapshot(), deps.log)
    s.emitAll(afterRestart(r, s.state.snapshot(), `${s.id}-r${randomUUID().slice(0, 4)}`))
    s.attached = s.reattach(r.agent)
    // A failure is told in the transcript (reattach), and again to a prompt that waits on it.
    s.attached.catch(() => {})
    return s
  }

  private async reattach(prev: Replayed["agent"]) {
    try {
      await this.connect(prev)
    } catch (err) {
      const said = err instanceof acp.RequestError ? err.message : errorText(err)
      this.deps.log(`agent ${this.id}: did not start again: ${said}`)
      this.notice("error", `The agent did not start again: ${said}`)
      throw err
    }
    this.emit({ type: "info", info: this.info() })
  }

  /** The agent's session as the journal keeps it: a restart reopens it by this id. */
  private journalAgent() {
    const caps = this.agentInfo?.agentCapabilities
    this.disk?.record({
      k: "agent",
      sessionId: this.agentSessionId,
      load: !!caps?.loadSession,
      resume: !!caps?.sessionCapabilities?.resume,
    })
  }

  private notice(level: "info" | "warning" | "error", text: string) {
    this.emit({
      type: "item_add",
      item: { kind: "notice", id: `${this.id}-n${randomUUID().slice(0, 8)}`, level, text, timestamp: Date.now() },
    })
  }

  /**
   * `prev`: the agent's session before a restart, reopened if the agent offers it; with `open`, one
   * of the agent's own sessions the person chose, whose conversation is wanted: session/load
   * (which replays it) before session/resume, and an agent that offers neither is refused.
   */
  private async connect(prev?: Replayed["agent"], how: "restart" | "open" = "restart") {
    const agent = await startAgentProcess(
      this.spec,
      this.cwd,
      {
        update: (n) => this.update(n),
        permission: (params, signal) => this.permission(params, signal),
        elicitation: (params, signal) => this.elicitation(params, signal),
        exited: (code, signal) => this.agentExited(code, signal),
        log: (line) => this.deps.log(`agent ${this.id}: ${line}`),
      },
      (proc, closed, conn) => {
        this.proc = proc
        this.exited = closed
        this.conn = conn
      },
    )
    this.agent = agent
    this.cx = agent.cx
    this.agentInfo = agent.info
    if (!prev) {
      const opened = await Promise.race([
        this.cx.request(acp.methods.agent.session.new, { cwd: this.cwd, mcpServers: [] }),
        agent.failed,
      ])
      this.agentSessionId = opened.sessionId
      this.agentState.opened(opened)
      this.takeEarly("all")
      return
    }
    // Until the agent answers, agentSessionId stays empty and what session/load replays waits in
    // `early`: only its commands, configuration and usage are kept (the journal drew the history).
    const reopened = await reopenAgentSession(agent, this.cwd, prev.sessionId, how)
    if (!reopened) {
      this.early = undefined
      this.notice(
        "warning",
        "This agent cannot reopen its session: what is above is read-only. A new message starts a new session of the agent, which does not remember it",
      )
      return
    }
    this.agentSessionId = reopened.sessionId
    this.agentState.opened({ ...reopened.answer, sessionId: reopened.sessionId })
    // one of its own sessions opened: what it replays stays in `early` until the first snapshot (start)
    if (how === "restart") this.takeEarly("state")
  }

  /** The agent's own sessions of this folder, this one left out (agent-reopen.ts). */
  async listOwn(): Promise<Result<"session.agentSessions">> {
    await this.attached
    const agent = this.agentName()
    return { agent, sessions: this.agent ? await agentOwnSessions(this.agent, this.cwd, this.agentSessionId) : [] }
  }

  private fresh(): SessionSnapshot {
    const empty = emptySnapshot(this.id)
    return { ...empty, info: this.info(), stats: this.agentState.stats() ?? empty.stats }
  }

  private agentName(): string {
    const agent = this.agentInfo?.agentInfo
    return agent ? (agent.title ?? agent.name) : this.spec.command[0]!
  }

  info(): SessionInfo {
    const st = this.agentState
    const mode = st.mode()
    const model = st.model()
    const modes = st.setting("mode")
    return {
      piSessionId: this.agentSessionId,
      cwd: this.cwd,
      thinkingLevel: "off",
      // the mode the agent confirmed goes with its name, where the status line shows the session
      name: `${this.agentName()} (ACP${mode ? `, ${mode}` : ""})`,
      ...(model ? { model } : {}),
      ...(st.commandsRevision ? { commandsRevision: st.commandsRevision } : {}),
      ...(modes && modes.choices.length > 1 ? { agentMode: modes } : {}),
      engine: { agent: this.agentName(), offers: [...AGENT_OFFERS] },
    }
  }

  /** The journal on disk (agent-journal.ts). */
  get file(): string | undefined {
    return this.disk?.path
  }

  get running(): boolean {
    return this.turn !== undefined
  }

  get pendingQuestions(): number {
    return this.asks.size
  }

  snapshot(): SessionSnapshot {
    return this.state.snapshot()
  }

  emit(event: SessionEvent): void {
    if (this.closed) return
    this.state.apply(event)
    this.journal.append(event.type === "snapshot" ? { type: "snapshot", snapshot: this.state.windowSnapshot() } : event)
    // A session the person closed or the host shut down opens again from here: its end is not kept.
    if (event.type === "snapshot") this.disk?.checkpoint()
    else if (event.type !== "closed") this.disk?.event(event)
  }

  private emitAll(events: SessionEvent[]) {
    for (const e of events) this.emit(e)
  }

  /**
   * One prompt at a time: the turn runs on after this answers, as a Pi session's does. One sent
   * as a follow-up (or to steer) while a turn runs waits in the queue for the turn's end.
   */
  prompt(p: Params<"session.prompt">): void {
    if (this.closed) throw new ProtocolError("failed", "The session has ended")
    if (this.turn && p.behavior) {
      this.checkImages(p)
      this.queue.add(p)
      this.emit({ type: "queue", queue: this.queue.state() })
      return
    }
    if (this.turn)
      throw new ProtocolError(
        "failed",
        "The agent is still answering: wait for its reply (or stop it with Esc) before sending another message",
      )
    this.checkImages(p)
    this.start(p)
  }

  private checkImages(p: Queued) {
    // Before the agent is back after a restart its capabilities are unknown: the turn tells.
    if (p.images?.length && this.agentInfo && !this.agentInfo.agentCapabilities?.promptCapabilities?.image)
      throw new ProtocolError("failed", "This agent does not take images: send the message without them")
  }

  /** The queued messages, off the queue (Esc gives them back to the composer). */
  takeQueue(): string[] {
    const texts = this.queue.take().map((q) => q.text)
    if (texts.length) this.emit({ type: "queue", queue: this.queue.state() })
    return texts
  }

  private start(p: Queued) {
    const content: acp.ContentBlock[] = [{ type: "text", text: p.text }]
    for (const img of p.images ?? []) content.push({ type: "image", data: img.data, mimeType: img.mimeType })
    this.emitAll(this.projection.user(p.text))
    this.emit({ type: "run", running: true, startedAt: Date.now() })
    const turnId = randomUUID()
    this.turn = this.send(turnId, p.text, content)
      .then(
        (r) => {
          this.disk?.record({ k: "answer", turn: turnId, stop: r.stopReason })
          this.endTurn(turnStop(r.stopReason))
        },
        (err) => {
          // The agent's own error is its answer: the prompt reached it.
          if (err instanceof acp.RequestError) this.disk?.record({ k: "answer", turn: turnId, stop: "error" })
          this.endTurn("error", err instanceof acp.RequestError ? err.message : errorText(err))
        },
      )
      .finally(() => {
        this.turn = undefined
        this.sendQueued()
      })
  }

  /** The turn ended: the first queued message starts the next one. */
  private sendQueued() {
    if (this.closed || this.turn) return
    const next = this.queue.next()
    if (!next) return
    this.emit({ type: "queue", queue: this.queue.state() })
    this.start(next)
  }

  /**
   * session/prompt, once the agent is there again after a restart; on an agent that could not
   * reopen its session, a new one first. Journaled before it goes: a restart that finds it
   * unanswered reports it, never sends it again.
   */
  private async send(turnId: string, text: string, content: acp.ContentBlock[]) {
    await this.attached
    if (!this.agentSessionId) {
      const opened = await this.cx.request(acp.methods.agent.session.new, { cwd: this.cwd, mcpServers: [] })
      this.agentSessionId = opened.sessionId
      this.agentState.opened(opened)
      this.journalAgent()
    }
    this.disk?.record({ k: "prompt", turn: turnId, text })
    this.deps.log(`agent ${this.id}: turn ${turnId} sent to the agent's session ${this.agentSessionId}`)
    return this.cx.request(acp.methods.agent.session.prompt, { sessionId: this.agentSessionId, prompt: content })
  }

  private endTurn(stop: ReturnType<typeof turnStop>, errorMessage?: string) {
    if (this.closed) return
    this.asks.withdrawAll()
    const { events, itemId } = this.projection.endTurn(stop)
    this.emitAll(events)
    if (errorMessage)
      this.emit({
        type: "item_add",
        item: {
          kind: "notice",
          id: `${this.id}-e${randomUUID().slice(0, 8)}`,
          level: "error",
          text: `The agent failed: ${errorMessage}`,
          timestamp: Date.now(),
        },
      })
    this.emit({ type: "run", running: false })
    this.emit(
      errorMessage
        ? { type: "turn_end", stopReason: "error", errorMessage }
        : { type: "turn_end", stopReason: stop, itemId },
    )
    this.disk?.sync()
  }

  /**
   * Sets one of the agent's settings to a value it offered. What the session shows changes only
   * with what the agent confirms: set_config_option's answer (or a config_option_update), set_mode's.
   */
  async setOption(kind: AgentSettingKind, value: string): Promise<void> {
    if (this.closed) throw new ProtocolError("failed", "The session has ended")
    await this.attached
    await setAgentSetting(this.cx, this.agentState, this.agentSessionId, kind, value)
    this.emit({ type: "info", info: this.info() })
  }

  /** session/cancel; the agent answers the prompt `cancelled`. Its open questions are withdrawn first, as ACP asks. */
  async abort(): Promise<void> {
    if (!this.turn || !this.agentSessionId) return
    this.asks.withdrawAll()
    await this.cx.notify(acp.methods.agent.session.cancel, { sessionId: this.agentSessionId })
  }

  respond(requestId: string, response: UiResponse): void {
    this.asks.respond(requestId, response)
  }

  private update(n: acp.SessionNotification) {
    if (this.early) return void this.early.push(n)
    if (n.sessionId !== this.agentSessionId) return
    this.emitAll(this.projection.handle(n.update))
    this.applyState(n)
  }

  /**
   * The updates held while the agent's session opened: all of them for a new session (agents
   * send their commands and usage at once); after a restart only what they say of the agent's
   * state, since the rest is a replay of history the journal already drew.
   */
  private takeEarly(which: "all" | "state") {
    const early = this.early ?? []
    this.early = undefined
    for (const n of early) {
      if (n.sessionId !== this.agentSessionId) continue
      if (which === "all") this.update(n)
      else this.applyState(n)
    }
  }

  private applyState(n: acp.SessionNotification) {
    const changed = this.agentState.apply(n.update)
    if (changed === "info") this.emit({ type: "info", info: this.info() })
    else if (changed === "stats") this.emit({ type: "stats", stats: this.agentState.stats()! })
  }

  private permission(params: acp.RequestPermissionRequest, signal: AbortSignal) {
    if (params.sessionId !== this.agentSessionId || this.closed)
      return Promise.resolve<acp.RequestPermissionResponse>({ outcome: { outcome: "cancelled" } })
    this.emitAll(this.projection.toolFromPermission(params.toolCall))
    const id = `perm-${randomUUID().slice(0, 8)}`
    const ask = permissionAsk(id, params, this.projection.toolTitle(params.toolCall.toolCallId))
    return this.asks.ask<acp.RequestPermissionResponse>(id, ask, { outcome: { outcome: "cancelled" } }, signal)
  }

  /**
   * A form as the window's question dock (agent-elicitation.ts); one it cannot show is declined
   * with a notice saying why, never left waiting. Its own session's or a request's (before any
   * session, as during sign-in): the agent has only this one session of xagent's.
   */
  private elicitation(params: acp.CreateElicitationRequest, signal: AbortSignal) {
    const cancelled: acp.CreateElicitationResponse = { action: "cancel" }
    if (this.closed || ("sessionId" in params && params.sessionId !== this.agentSessionId))
      return Promise.resolve(cancelled)
    const id = `form-${randomUUID().slice(0, 8)}`
    const ask = elicitationAsk(id, params)
    if ("unshowable" in ask) {
      this.deps.log(`agent ${this.id}: a form declined: ${ask.unshowable}`)
      // the reason can quote the agent's own names and values
      this.notice("warning", terminalText(`The agent asked a form xagent cannot show, declined: ${ask.unshowable}`))
      return Promise.resolve<acp.CreateElicitationResponse>({ action: "decline" })
    }
    return this.asks.ask(id, ask, cancelled, signal)
  }

  private agentExited(code: number | null, signal: NodeJS.Signals | null) {
    this.deps.log(`agent ${this.id} exited (${signal ?? `code ${code}`})`)
    if (this.closed) return
    const how = signal ? `was ended by ${signal}` : `exited with code ${code}`
    this.emit({
      type: "item_add",
      item: {
        kind: "notice",
        id: `${this.id}-x`,
        level: "error",
        text: `The agent ${how}: this session can take no more messages`,
        timestamp: Date.now(),
      },
    })
    this.closed = true
    this.disk?.close()
    this.emitAfterClose({ type: "closed", reason: `The agent ${how}` })
    this.deps.onEnded?.()
  }

  private emitAfterClose(e: SessionEvent) {
    this.state.apply(e)
    this.journal.append(e)
    this.journal.clear()
  }

  async close(reason: string): Promise<void> {
    if (this.closed) return this.stopProcess()
    this.asks.withdrawAll()
    this.emit({ type: "closed", reason })
    this.closed = true
    this.disk?.close()
    this.journal.clear()
    await this.stopProcess()
  }

  private async stopProcess() {
    this.conn?.close()
    const proc = this.proc
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
    proc.stdin?.end()
    proc.kill("SIGTERM")
    const timer = setTimeout(() => proc.kill("SIGKILL"), TERM_GRACE_MS)
    await this.exited
    clearTimeout(timer)
  }
}
