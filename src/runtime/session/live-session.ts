// One live Pi session: its AgentSessionRuntime, the projection of its events and the journal
// windows subscribe to (the parts it is made of beside Pi: session-wiring.ts; its opening:
// session-opening.ts; what it hooks into Pi: pi-hooks.ts). Survives /new, /fork and /session
// (session-replacement.ts; the runtime swaps the AgentSession; we rebind and send a snapshot).
import {
  createAgentSessionRuntime,
  type AgentSessionRuntime,
  type SessionManager,
} from "@earendil-works/pi-coding-agent"
import {
  emptySnapshot,
  ProtocolError,
  type PermissionMode,
  type SessionEvent,
  type SessionInfo,
  type SessionSnapshot,
  type SessionStats,
  type TranscriptItem,
  type UiState,
} from "../../protocol/index"
import { errorText } from "../../util/error-text"
import { readRunLimits } from "../../util/run-limits"
import type { AttachedFilesMessage } from "./attach-files"
import { NextRunMessage } from "./next-run-message"
import type { RequiredSkillsMessage } from "./required-skills"
import { ExtensionInfo } from "../extensions/bundled-host"
import { commandActions } from "./command-actions"
import type { ComponentHost } from "../extensions/component-host"
import { EditorMcp } from "./editor-mcp"
import { EditorFiles } from "./editor-files"
import { FileChanges } from "./file-changes"
import type { ItemRenderers } from "../extensions/item-renderers"
import { Journal } from "./journal"
import type { AgentSession, AgentSessionEvent } from "../pi-types"
import type { EventProjector, RunToken } from "./event-projection"
import { realModel } from "../setup/models"
import { SessionSandbox } from "../sandbox/session-sandbox"
import { sessionInfo, sessionStats } from "./session-info"
import { projectSession } from "./session-projection"
import { SessionStop } from "./session-stop"
import { createSessionUi, sessionRuntimeFactory, type SessionDeps, type StartOptions } from "./session-wiring"
import { emptyUi, SnapshotState } from "./snapshot-state"
import { ToolGate } from "./tool-gate"
import { QueuedImages } from "./queued-messages"
import type { ProjectTrust } from "../setup/project-trust"
import { endWrites, hookConversation, hookKeyHints, unsavedCount } from "./pi-hooks"
import { SessionOpening } from "./session-opening"
import { SessionReplacement } from "./session-replacement"
import type { UiBridge } from "../extensions/ui-bridge"

export class LiveSession {
  readonly journal: Journal
  readonly bridge: UiBridge
  /** The extensions' pi-tui components, rendered for the windows. */
  readonly components: ComponentHost
  /** Extensions' tool and message renderers, for the transcript rows that have one. */
  private readonly renderers: ItemRenderers
  readonly sandbox: SessionSandbox
  readonly gate: ToolGate
  /** MCP servers an editor added to this live session (never the person's mcp.json). */
  readonly editorMcp = new EditorMcp()
  /** What a window's prompt adds to its run (`@path` files, `$name` skills), held until the run starts. */
  readonly attachments = new NextRunMessage<AttachedFilesMessage>()
  readonly requiredSkills = new NextRunMessage<RequiredSkillsMessage>()
  /** The images of messages queued behind the reply, which Pi's queue API does not hand back. */
  readonly queuedImages = new QueuedImages()
  /** Edits' and writes' files before and after, for an editor's diffs (kept only while one asks). */
  readonly fileChanges = new FileChanges(() => this.gate.approval === "ask")
  /** An editor's text of the files the read tool reads (unsaved buffers), while one answers for them. */
  readonly editorFiles = new EditorFiles((e) => this.emit(e))
  warnings: string[] = []
  closed = false
  /** A window may answer its dialogs (false for `--print`). */
  interactive = true
  /** Until start() returns: its trust step, what is said before there is a transcript, an early hand-out. */
  private readonly opening = new SessionOpening(this)
  /** Settles when the runtime is made (requests other than answers wait for it); rejects if that failed. */
  ready: Promise<void> = Promise.resolve()
  private trust!: ProjectTrust
  /** The Pi session manager it was opened on, for what is asked before the runtime exists. */
  private opened!: SessionManager
  /** `--verbose`: the welcome shows whatever Pi's quietStartup says. */
  private verbose = false
  private state: SnapshotState
  private projector!: EventProjector
  private runtime!: AgentSessionRuntime
  private unsubscribe?: () => void
  /** What the bundled extensions put in the session's info (BundledHost.setState). */
  private readonly extInfo = new ExtensionInfo()
  /** Replacements of Pi's AgentSession, and what the next runtime takes (see replace()). */
  private readonly replacement = new SessionReplacement()
  /** Stopping the run and ending the session (set up in start, before anything can emit). */
  private stop!: SessionStop

  private constructor(
    readonly id: string,
    private readonly deps: SessionDeps,
  ) {
    this.state = new SnapshotState(emptySnapshot(id))
    this.journal = new Journal(
      id,
      () => this.state.windowSnapshot(),
      deps.journalLimits,
      (err) => deps.log(`subscriber of ${id} threw: ${String(err)}`),
    )
    const ui = createSessionUi(this, deps.log)
    this.components = ui.components
    this.renderers = ui.renderers
    this.bridge = ui.bridge
    this.sandbox = new SessionSandbox(deps.sandbox)
    this.gate = new ToolGate(this.bridge)
    this.sandbox.onNetworkRefused = (text) => this.notice("warning", text)
  }

  static async start(id: string, deps: SessionDeps, opts: StartOptions): Promise<LiveSession> {
    const live = new LiveSession(id, deps)
    live.interactive = opts.mode !== "print"
    live.opened = opts.sessionManager
    const waiting = opts.onWaitingForPerson
    if (waiting) live.opening.waitingForPerson = () => waiting(live)
    live.trust = live.opening.trust(deps, opts, live.bridge, (e) => live.emit(e))
    live.ready = live.begin(opts)
    // A failed opening is the caller's to report (start() rejects); `ready` only orders requests.
    live.ready.catch(() => {})
    await live.ready
    return live
  }

  private async begin(opts: StartOptions): Promise<void> {
    const { deps } = this
    const limits = readRunLimits(deps.sandbox.xagentHome)
    this.verbose = opts.pi?.verbose === true
    this.stop = new SessionStop(limits, {
      id: this.id,
      session: () => this.session,
      running: () => this.state.running,
      projector: () => this.projector,
      notice: (level, text) => this.notice(level, text),
      log: deps.log,
      shutdown: () => deps.onShutdownRequest(this.id),
    })
    this.replacement.hand({ model: opts.model, thinking: opts.thinking })
    if (opts.permissions) this.sandbox.setMode(opts.permissions)
    hookKeyHints(deps.agentDir)
    const factory = sessionRuntimeFactory(this, deps, opts, {
      extInfo: this.extInfo,
      limits,
      trust: this.trust,
      onUntrusted: () => (this.opening.untrusted = true),
      takeNext: () => this.replacement.take(),
    })
    this.runtime = await createAgentSessionRuntime(factory, {
      cwd: opts.sessionManager.getCwd(),
      agentDir: deps.agentDir,
      sessionManager: opts.sessionManager,
    })
    const rt = this.runtime
    // closed while its opening waited on the person: nothing is left to show it to
    if (this.closed) {
      await rt.dispose()
      throw new ProtocolError("failed", "The session was closed while it opened")
    }
    const said = this.opening.takeSaid()
    this.warnings = [...said, ...rt.diagnostics.filter((d) => d.type !== "info").map((d) => d.message)]
    if (limits.problem) this.warnings.push(limits.problem)
    rt.setRebindSession(async () => this.rebind(true))
    await this.rebind(this.opening.published)
    // With no usable model, the session's auth hint says what to do (the window shows it on the
    // welcome page); Pi's own message about it would say the same again.
    if (rt.modelFallbackMessage && !this.info().authHint) this.warnings.push(rt.modelFallbackMessage)
    this.opening.active = false
  }

  /** Whether its runtime exists yet (see `published`). */
  get started(): boolean {
    return this.runtime !== undefined
  }

  get piSessionId(): string {
    return (this.runtime ? this.session.sessionManager : this.opened).getSessionId()
  }

  get cwd(): string {
    return (this.runtime ? this.session.sessionManager : this.opened).getCwd()
  }

  get session(): AgentSession {
    return this.runtime.session
  }

  get rt(): AgentSessionRuntime {
    return this.runtime
  }

  get running(): boolean {
    return this.state.running
  }

  /** Entries the session file lacks (kept in memory, retried): the daemon does not end such a session. */
  get unsaved(): number {
    return this.runtime && !this.closed ? unsavedCount(this.session.sessionManager) : 0
  }

  get file(): string | undefined {
    return this.runtime ? this.session.sessionFile : this.opened.getSessionFile()
  }

  snapshot(): SessionSnapshot {
    return this.state.snapshot()
  }

  /** The history before item `before`, a page at a time (windows hold only the newest part). */
  earlierItems(before: string): { items: TranscriptItem[]; earlier: number } | undefined {
    return this.state.earlier(before)
  }

  emit(event: SessionEvent): void {
    if (this.closed) return
    const e = this.opening.pass(this.renderers.event(event), this.projector)
    if (!e) return
    if (this.opening.publishes(e)) {
      this.state.apply({ type: "info", info: this.info() })
      this.opening.waitingForPerson!()
    }
    this.state.apply(e)
    // Windows get a long history's newest part (the state keeps it whole).
    this.journal.append(e.type === "snapshot" ? { type: "snapshot", snapshot: this.state.windowSnapshot() } : e)
    // Pi draws its footer and header every frame: they show the session's counts as they change.
    if (e.type === "stats" || e.type === "info" || e.type === "turn_end") this.components.refresh()
    this.stop.seen(e, () => this.state.ui.pending.length)
  }

  notice(level: "info" | "warning" | "error", text: string): void {
    this.emit(this.projector.notice(level, text))
  }

  /**
   * An extension's ctx.ui.notify: a line of the transcript that stays, as Pi writes it (a toast
   * would take a package's report away before it is read). With no window (-p), Pi's stderr
   * line, which the print renderer writes for a toast; while the session opens, the toast path
   * of emit() keeps it until there is a transcript.
   */
  extensionNotice(level: "info" | "warning" | "error", message: string): void {
    if (!this.interactive || !this.projector) return this.emit({ type: "ui_notify", level, message })
    this.notice(level, message)
  }

  /** Marks the run as started when a prompt is accepted (see RunTracker.begin); returns it. */
  beginRun(): RunToken | undefined {
    for (const e of this.projector.runs.begin()) this.emit(e)
    return this.projector.runs.current()
  }

  settleRun(run: RunToken | undefined): void {
    for (const e of this.projector.runs.settle(run)) this.emit(e)
  }

  /** An extension command's prompt is over (see RunTracker.settleCommand). */
  settleCommand(errorMessage?: string): void {
    for (const e of this.projector.runs.settleCommand(errorMessage)) this.emit(e)
  }

  emitInfo(): void {
    if (this.runtime) this.emit({ type: "info", info: this.info() })
  }

  info(): SessionInfo {
    if (!this.runtime) return { piSessionId: this.piSessionId, cwd: this.cwd, thinkingLevel: "off" }
    return sessionInfo(this.session, {
      extInfo: this.extInfo,
      sandbox: this.sandbox,
      modelRuntime: this.deps.modelRuntime,
      autocomplete: !!this.bridge.autocomplete(),
      verbose: this.verbose,
      movedBy: this.replacement.movedBy,
    })
  }

  stats(): SessionStats {
    return sessionStats(this.session)
  }

  /** A fresh item id for items the host makes itself (a `!` command's). */
  itemId(base: string): string {
    return this.projector.id(base)
  }

  /** Rebuilds the transcript from the session's current branch (after /tree navigation). */
  resetView(): void {
    this.emit({ type: "snapshot", snapshot: this.project(this.state.ui) })
  }

  /** /new keeps the model in use rather than falling back to the settings default. */
  newSession(): Promise<{ cancelled: boolean }> {
    return this.replacement.run(() => this.runtime.newSession(), { model: realModel(this.session.model) })
  }

  /** Runs a replacement of Pi's AgentSession (new, switch, fork): SessionReplacement.run. */
  replace<T>(fn: () => Promise<T>): Promise<T> {
    return this.replacement.run(fn)
  }

  /** Resolves once no replacement of Pi's session is in progress. */
  replaced(): Promise<void> {
    return this.replacement.settled()
  }

  abort(): Promise<void> {
    return this.stop.abort()
  }

  setPermissions(mode: PermissionMode): void {
    this.sandbox.setMode(mode)
    // Chosen during a plan request (only `sandboxed` is allowed then): it stands when the request ends.
    this.extInfo.modeBeforeReadOnly = undefined
    this.emitInfo()
  }

  async close(reason: string): Promise<void> {
    if (this.closed) return
    if (!this.runtime) {
      // still opening (a question waits): the opening ends on the cancelled question and sees `closed`
      this.emit({ type: "closed", reason })
      this.closed = true
      this.journal.clear()
      this.bridge.cancelAll()
      await this.ready.catch(() => {})
      return
    }
    this.bridge.cancelAll()
    this.components.reset({ announce: true })
    this.emit({ type: "closed", reason })
    this.closed = true
    this.stop.dispose()
    this.unsubscribe?.()
    this.journal.clear()
    try {
      if (this.session.isStreaming) await this.session.abort()
    } catch (err) {
      this.deps.log(`abort on close of ${this.id} failed: ${errorText(err)}`)
    }
    const lost = endWrites(this.session.sessionManager)
    if (lost) this.deps.log(`${this.id}: ${lost} entries were never saved to ${this.file}`)
    await this.runtime.dispose()
    this.sandbox.dispose()
  }

  private async rebind(announce: boolean): Promise<void> {
    const s = this.session
    this.unsubscribe?.()
    this.bridge.cancelAll()
    this.components.reset({ announce: false })
    this.bridge.resetAutocomplete()
    // The extensions restate theirs for the new conversation on its session_start (below).
    this.extInfo.reset()
    const snap = this.project(emptyUi())
    if (announce) this.emit({ type: "snapshot", snapshot: snap })
    else {
      const shown = this.renderers.event({ type: "snapshot", snapshot: snap })
      this.state = new SnapshotState(shown.type === "snapshot" ? shown.snapshot : snap, { owned: true })
    }
    this.unsubscribe = hookConversation(s, {
      runs: () => this.projector.runs,
      onEvent: (e) => this.onPiEvent(e),
      onWrites: (r) => {
        this.deps.log(`${this.id}: ${r.text}`)
        this.notice(r.level, r.text)
      },
      onUnsavedChange: () => this.emitInfo(),
    })
    this.opening.sayKept((level, text) => this.notice(level, text))
    await s.bindExtensions({
      uiContext: this.bridge.context,
      // Windows draw the extensions' components (component-host.ts): to an extension this is Pi's TUI.
      mode: this.interactive ? "tui" : "print",
      commandContextActions: commandActions(this),
      shutdownHandler: () => this.stop.requestShutdown(),
      onError: (err) => {
        this.notice("error", `Extension error (${err.extensionPath}, ${err.event}): ${err.error}`)
        if (err.event === "send_user_message" || err.event === "send_message")
          for (const e of this.projector.runs.notStarted(err.error)) this.emit(e)
      },
    })
    // The snapshot above was cut before the extensions' resources_discover added their themes.
    if (this.info().themePaths) this.emitInfo()
  }

  private onPiEvent(e: AgentSessionEvent) {
    this.stop.piEvent(e)
    try {
      for (const ev of this.projector.handle(e)) this.emit(ev)
    } catch (err) {
      this.deps.log(`projecting ${e.type} failed: ${errorText(err)}`)
    }
  }

  /** A snapshot of the current branch; the projector goes on from it. */
  private project(ui: UiState): SessionSnapshot {
    const { snapshot, projector } = projectSession(this.id, ui, {
      session: () => this.session,
      info: () => this.info(),
      stats: () => this.stats(),
    })
    this.projector = projector
    return snapshot
  }
}
