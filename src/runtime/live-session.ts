// One live Pi session: its AgentSessionRuntime, the projection of its events, the journal
// windows subscribe to, and the UI bridge its extensions talk to. Survives /new, /fork and
// /session (the runtime swaps the AgentSession; we rebind and send a snapshot).
import { AsyncLocalStorage } from "node:async_hooks"
import { existsSync } from "node:fs"
import type { Api, Model } from "@earendil-works/pi-ai"
import {
  createAgentSessionRuntime,
  type AgentSessionRuntime,
  type ExtensionAPI,
  type ExtensionCommandContextActions,
  type ExtensionFactory,
  type ModelRuntime,
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
  type ThinkingLevel,
  type UiState,
  RELOADED_NOTICE,
} from "../protocol"
import type { BundledMode } from "../protocol/bundled"
import { createBundledHost, ExtensionInfo } from "./bundled-host"
import { bundledFactories, type BundledExtension } from "./bundled-slot"
import type { FlagValues } from "./extension-flags"
import { Journal, type JournalLimits } from "./journal"
import { authHint, modelRef, realModel } from "./models"
import type { AgentSession, AgentSessionEvent } from "./pi-types"
import { EventProjector, type ProjectorContext, type RunToken } from "./project-events"
import { ItemIds, projectBranch } from "../protocol/project-messages"
import { runtimeFactory, type PiOptions } from "./runtime-factory"
import { guardedReadTool, readDenyHook } from "./sandbox/pi-read-tools"
import { sandboxedOperations, sandboxedTools } from "./sandbox/pi-tools"
import { SessionSandbox, type SandboxEnv } from "./sandbox/session-sandbox"
import { endSessionWrites, reportSessionWrites } from "./patches/session-writes"
import { runBash } from "./session-bash"
import { assertSessionFile } from "./session-files"
import { emptyUi, SnapshotState } from "./snapshot-state"
import { ToolGate } from "./tool-gate"
import { EditorMcp } from "./editor-mcp"
import { piMcpExtension } from "./pi-mcp"
import { ProjectTrust, trustCommand, UNTRUSTED_NOTICE } from "./project-trust"
import { FileChanges } from "./file-changes"
import { createUiBridge, type UiBridge } from "./ui-bridge"
import { RunWatchdog } from "./run-watchdog"
import { DEFAULT_RUN_LIMITS, readRunLimits, RUN_LIMITS_HINT, type RunLimits } from "../util/run-limits"
import { createComponentHost, piTheme, type ComponentHost } from "./component-host"
import type { WindowTerminal } from "./terminal-lend"
import { createItemRenderers, type ItemRenderers } from "./item-renderers"
import { warmModelApi } from "./warm-model-api"
import { gitBranch } from "../util/git-branch"

/** The terminal of the window whose `!` command the running user_bash hooks are for. */
const bashTerminal = new AsyncLocalStorage<WindowTerminal | undefined>()

export interface SessionDeps {
  agentDir: string
  modelRuntime: ModelRuntime
  extensionFactories: ExtensionFactory[]
  journalLimits?: JournalLimits
  sandbox: SandboxEnv
  log(msg: string): void
  /** An extension asked Pi to shut down (ctx.shutdown()). */
  onShutdownRequest(sessionId: string): void
}

export interface StartOptions {
  sessionManager: SessionManager
  model?: Model<Api>
  thinking?: ThinkingLevel
  extensionPaths: string[]
  /** `print` when no window will answer (`--print`). */
  mode: BundledMode
  /** The bundled extensions this session loads (the slot's choice for its window). */
  bundled: readonly BundledExtension[]
  /** `full` only when the person asked for it at start (`--dangerously-skip-sandbox`). */
  permissions?: PermissionMode
  /** Extension flags from the command line (checked against those the extensions register). */
  flags?: FlagValues
  /** Pi's own run options from the command line. */
  pi?: PiOptions
  /** False where nobody can answer the built-in trust question (an editor over ACP); default: a window can. */
  askTrust?: boolean
  /**
   * The opening waits on the person (the trust question, a dialog of an extension's startup):
   * the host hands the session to the windows now, before its runtime exists.
   */
  onWaitingForPerson?(live: LiveSession): void
}

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
  /** Edits' and writes' files before and after, for an editor's diffs (kept only while one asks). */
  readonly fileChanges = new FileChanges(() => this.gate.approval === "ask")
  warnings: string[] = []
  closed = false
  /** A window may answer its dialogs (false for `--print`). */
  interactive = true
  private shutdownAsked = false
  /** Until start() returns: no window watches yet (unless it was handed out early, see `published`). */
  private opening = true
  /** Handed to the windows before its runtime was made: the runtime's snapshot must reach them. */
  private published = false
  /** Settles when the runtime is made (requests other than answers wait for it); rejects if that failed. */
  ready: Promise<void> = Promise.resolve()
  /** What extensions said while the session opened and no transcript existed yet. */
  private earlyNotices: { level: "info" | "warning" | "error"; message: string }[] = []
  /** The last runtime built left the folder's protected resources out: say so once it is shown. */
  private untrusted = false
  private trust!: ProjectTrust
  /** The Pi session manager it was opened on, for what is asked before the runtime exists. */
  private opened!: SessionManager
  private onWaitingForPerson?: (live: LiveSession) => void
  /** `--verbose`: the welcome shows whatever Pi's quietStartup says. */
  private verbose = false
  private state: SnapshotState
  private projector!: EventProjector
  private runtime!: AgentSessionRuntime
  private unsubscribe?: () => void
  /** What the bundled extensions put in the session's info (BundledHost.setInfo). */
  private readonly extInfo = new ExtensionInfo()
  private limits: RunLimits = DEFAULT_RUN_LIMITS
  /** Ends a run that waits forever on the model or a tool (set up in start). */
  private watchdog?: RunWatchdog
  /** Used once by the next runtime the factory builds (open, /new), then cleared. */
  private next: { model?: Model<Api>; thinking?: ThinkingLevel } = {}

  private constructor(
    readonly id: string,
    private readonly deps: SessionDeps,
  ) {
    this.state = new SnapshotState(emptySnapshot(id))
    this.journal = new Journal(
      id,
      () => this.state.snapshot(),
      deps.journalLimits,
      (err) => deps.log(`subscriber of ${id} threw: ${String(err)}`),
    )
    this.components = createComponentHost({
      emit: (e) => this.emit(e),
      submit: (text) => this.submitFromEditor(text),
      interrupt: () => {
        if (this.running) void this.abort().catch((err) => deps.log(`abort failed: ${errorText(err)}`))
      },
      cwd: () => this.session.sessionManager.getCwd(),
      branch: () => gitBranch(this.session.sessionManager.getCwd()),
      terminal: () => bashTerminal.getStore(),
      log: (msg) => deps.log(`${id}: ${msg}`),
      onResize: () => {
        for (const e of this.renderers.resized()) this.emit(e)
      },
    })
    this.renderers = createItemRenderers({
      session: () => this.session,
      theme: piTheme(),
      // The transcript keeps two columns either side of its rows.
      width: () => Math.max(10, this.components.width() - 4),
      cwd: () => this.session.sessionManager.getCwd(),
      log: (msg) => deps.log(`${id}: ${msg}`),
    })
    this.bridge = createUiBridge(
      (e) => this.emit(e),
      () => this.emitInfo(),
      this.components,
      (name) => this.session.settingsManager.setTheme(name),
    )
    this.sandbox = new SessionSandbox(deps.sandbox)
    this.gate = new ToolGate(this.bridge)
    this.sandbox.onNetworkRefused = (text) => this.notice("warning", text)
  }

  static async start(id: string, deps: SessionDeps, opts: StartOptions): Promise<LiveSession> {
    const live = new LiveSession(id, deps)
    live.interactive = opts.mode !== "print"
    live.opened = opts.sessionManager
    live.onWaitingForPerson = opts.onWaitingForPerson
    const ask = live.interactive && opts.askTrust !== false
    live.trust = new ProjectTrust({
      agentDir: deps.agentDir,
      override: opts.pi?.projectTrust,
      mode: live.interactive ? "tui" : "print",
      ui: ask ? live.bridge.context : undefined,
      // with no window (-p), what a handler says is said with the open's warnings (Pi: on stderr)
      notify: (message, level) =>
        live.interactive
          ? live.emit({ type: "ui_notify", level, message })
          : live.earlyNotices.push({ level, message }),
    })
    let started!: () => void
    let failed!: (err: unknown) => void
    live.ready = new Promise<void>((res, rej) => ((started = res), (failed = rej)))
    live.ready.catch(() => {})
    try {
      await live.begin(opts)
      started()
    } catch (err) {
      failed(err)
      throw err
    }
    return live
  }

  private async begin(opts: StartOptions): Promise<void> {
    const live = this
    const { deps } = this
    const limits = readRunLimits(deps.sandbox.xagentHome)
    live.verbose = opts.pi?.verbose === true
    live.limits = limits
    live.watchdog = new RunWatchdog(limits, (why) => void live.endRun(why))
    live.next = { model: opts.model, thinking: opts.thinking }
    if (opts.permissions) live.sandbox.setMode(opts.permissions)
    live.runtime = await createAgentSessionRuntime(live.factory(opts), {
      cwd: opts.sessionManager.getCwd(),
      agentDir: deps.agentDir,
      sessionManager: opts.sessionManager,
    })
    const rt = live.runtime
    // closed while its opening waited on the person: nothing is left to show it to
    if (live.closed) {
      await rt.dispose()
      throw new ProtocolError("failed", "The session was closed while it opened")
    }
    const said = live.interactive ? [] : live.earlyNotices.splice(0).map((n) => n.message)
    live.warnings = [...said, ...rt.diagnostics.filter((d) => d.type !== "info").map((d) => d.message)]
    if (limits.problem) live.warnings.push(limits.problem)
    rt.setRebindSession(async () => live.rebind(true))
    await live.rebind(live.published)
    // With no usable model, the session's auth hint says what to do (the window shows it on the
    // welcome page); Pi's own message about it would say the same again.
    if (rt.modelFallbackMessage && !live.info().authHint) live.warnings.push(rt.modelFallbackMessage)
    live.opening = false
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

  get file(): string | undefined {
    return this.runtime ? this.session.sessionFile : this.opened.getSessionFile()
  }

  snapshot(): SessionSnapshot {
    return this.state.snapshot()
  }

  emit(event: SessionEvent): void {
    if (this.closed) return
    let e = this.renderers.event(event)
    // A toast sent while the session opens reaches no window (none subscribes before the open
    // returns): what extensions say on session_start stays in the transcript, as Pi keeps it;
    // what they say before there is one (a project_trust handler) goes there once there is.
    if (e.type === "ui_notify" && this.opening && this.interactive) {
      if (!this.projector) return void this.earlyNotices.push({ level: e.level, message: e.message })
      e = this.projector.notice(e.level, e.message)
    }
    if (e.type === "ui_request" && this.opening && !this.published && this.onWaitingForPerson) {
      this.published = true
      this.state.apply({ type: "info", info: this.info() })
      this.onWaitingForPerson(this)
    }
    this.state.apply(e)
    this.journal.append(e)
    if (e.type === "ui_request" || e.type === "ui_resolved")
      this.watchdog?.waitingForPerson(this.state.ui.pending.length > 0)
    // Pi draws its footer and header every frame: they show the session's counts as they change.
    if (e.type === "stats" || e.type === "info" || e.type === "turn_end") this.components.refresh()
    // A shutdown asked for during a reply (a tool's ctx.shutdown()) waits for the reply to end.
    if (e.type === "turn_end" && this.shutdownAsked) queueMicrotask(() => this.deps.onShutdownRequest(this.id))
  }

  /** As Pi does: at once when idle, else once the run in progress has settled. */
  private requestShutdown(): void {
    if (this.session.isIdle && !this.state.running) return this.deps.onShutdownRequest(this.id)
    this.shutdownAsked = true
  }

  notice(level: "info" | "warning" | "error", text: string): void {
    this.emit(this.projector.notice(level, text))
  }

  /** Marks the run as started when a prompt is accepted (see EventProjector.beginRun); returns it. */
  beginRun(): RunToken | undefined {
    for (const e of this.projector.beginRun()) this.emit(e)
    return this.projector.currentRun()
  }

  settleRun(run: RunToken | undefined): void {
    for (const e of this.projector.settleRun(run)) this.emit(e)
  }

  /** An extension command's prompt is over (see EventProjector.settleCommand). */
  settleCommand(errorMessage?: string): void {
    for (const e of this.projector.settleCommand(errorMessage)) this.emit(e)
  }

  emitInfo(): void {
    if (this.runtime) this.emit({ type: "info", info: this.info() })
  }

  info(): SessionInfo {
    if (!this.runtime)
      return { piSessionId: this.piSessionId, cwd: this.cwd, thinkingLevel: "off", mode: this.extInfo.mode }
    const s = this.session
    const info: SessionInfo = {
      piSessionId: s.sessionId,
      cwd: s.sessionManager.getCwd(),
      thinkingLevel: s.thinkingLevel,
      mode: this.extInfo.mode,
    }
    if (this.extInfo.goal) info.goal = this.extInfo.goal
    if (s.sessionName) info.name = s.sessionName
    if (s.sessionFile) info.file = s.sessionFile
    const model = realModel(s.model)
    if (model) info.model = modelRef(model)
    const hint = authHint(s.model, this.deps.modelRuntime)
    if (hint) info.authHint = hint
    info.sandbox = this.sandbox.info()
    if (s.settingsManager.getHideThinkingBlock()) info.hideThinking = true
    if (s.settingsManager.getQuietStartup() === true && !this.verbose) info.quietStartup = true
    if (s.settingsManager.getBranchSummarySkipPrompt()) info.skipBranchSummaryPrompt = true
    if (this.bridge.autocomplete()) info.autocomplete = true
    const themePaths = s.resourceLoader.getThemes().themes.flatMap((t) => (t.sourcePath ? [t.sourcePath] : []))
    if (themePaths.length) info.themePaths = themePaths
    const shortcuts = this.shortcuts()
    if (shortcuts.size)
      info.shortcuts = [...shortcuts].map(([key, s]) => (s.description ? { key, description: s.description } : { key }))
    return info
  }

  /** The extensions' keys; which of them a window binds itself is the window's to judge. */
  private shortcuts() {
    return this.session.extensionRunner.getShortcuts({})
  }

  /** Runs the handler of an extension's shortcut; returns at once, as Pi does not wait on it. */
  runShortcut(key: string): void {
    const runner = this.session.extensionRunner
    const shortcut = this.shortcuts().get(key.toLowerCase() as never)
    if (!shortcut) throw new ProtocolError("not_found", `No extension shortcut ${key} in this session`)
    Promise.resolve()
      .then(() => shortcut.handler(runner.createContext()))
      .catch((err) => this.notice("error", `Shortcut handler error (${key}): ${errorText(err)}`))
  }

  stats(): SessionStats {
    const st = this.session.getSessionStats()
    const t = st.tokens
    const out: SessionStats = {
      tokens: { input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite, total: t.total },
      cost: st.cost,
    }
    const cu = st.contextUsage ?? this.session.getContextUsage()
    if (cu) out.context = { tokens: cu.tokens, contextWindow: cu.contextWindow, percent: cu.percent }
    return out
  }

  /** Rebuilds the transcript from the session's current branch (after /tree navigation). */
  resetView(): void {
    this.emit({ type: "snapshot", snapshot: this.project(this.state.ui) })
  }

  /** /new keeps the model in use rather than falling back to the settings default. */
  async newSession(): Promise<{ cancelled: boolean }> {
    this.next = { model: realModel(this.session.model) }
    try {
      return await this.runtime.newSession()
    } finally {
      this.next = {}
    }
  }

  /** Ends the running reply as an error that says why (the watchdog's limits). */
  private async endRun(why: string): Promise<void> {
    const text = `${why}: the run was ended (${RUN_LIMITS_HINT})`
    this.projector.endWith(text)
    this.notice("error", text)
    const s = this.session
    if (s.isBashRunning) s.abortBash()
    await s.abort().catch((err) => this.deps.log(`ending the run of ${this.id} failed: ${errorText(err)}`))
  }

  async abort(): Promise<void> {
    this.projector.cancel()
    const s = this.session
    if (s.isBashRunning) s.abortBash()
    if (s.isCompacting) s.abortCompaction()
    await s.abort()
  }

  /**
   * Runs `!command` as a bash item; returns once it has started. In the sandbox unless
   * `outside`: the person approved this one command to run without it (`!outside`).
   * `excludeFromContext`: `!!command`, whose output the model does not see.
   */
  bash(
    command: string,
    opts: { outside?: boolean; excludeFromContext?: boolean; terminal?: WindowTerminal } = {},
  ): void {
    const s = this.session
    const ask = (title: string, message: string) => this.bridge.context.confirm(title, message)
    const ops = opts.outside ? undefined : sandboxedOperations(this.sandbox, s.settingsManager.getShellPath(), ask)
    runBash(
      s,
      command,
      {
        emit: (e) => this.emit(e),
        id: (base) => this.projector.id(base),
        notice: (level, text) => this.notice(level, text),
      },
      {
        operations: ops,
        excludeFromContext: opts.excludeFromContext === true,
        // `!outside` is the person's own choice of how this one command runs: no hook changes it.
        userBash: opts.outside
          ? undefined
          : () =>
              // The hooks that run it on a terminal (tui.stop()) get the one of the window that sent it.
              bashTerminal.run(opts.terminal, () =>
                s.extensionRunner.emitUserBash({
                  type: "user_bash",
                  command,
                  excludeFromContext: opts.excludeFromContext === true,
                  cwd: s.sessionManager.getCwd(),
                }),
              ),
      },
    )
  }

  setPermissions(mode: PermissionMode): void {
    this.sandbox.setMode(mode)
    // Chosen during a plan request (only `sandboxed` is allowed then): it stands when the request ends.
    this.extInfo.modeBeforeReadOnly = undefined
    this.emitInfo()
  }

  /** An extension's editor (setEditorComponent) sent its text: a prompt, or a follow-up while a reply runs. */
  private submitFromEditor(text: string): void {
    void import("./session-methods")
      .then((m) => m.promptSession(this, text, this.running ? "followUp" : undefined))
      .catch((err) => this.notice("error", `Could not send: ${errorText(err)}`))
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
    this.watchdog?.dispose()
    this.unsubscribe?.()
    this.journal.clear()
    try {
      if (this.session.isStreaming) await this.session.abort()
    } catch (err) {
      this.deps.log(`abort on close of ${this.id} failed: ${errorText(err)}`)
    }
    const lost = endSessionWrites(this.session.sessionManager)
    if (lost) this.deps.log(`${this.id}: ${lost} entries were never saved to ${this.file}`)
    await this.runtime.dispose()
    this.sandbox.dispose()
  }

  private factory(opts: StartOptions) {
    const host = createBundledHost({
      mode: opts.mode,
      bridge: this.bridge,
      sandbox: this.sandbox,
      shellPath: () => this.session.settingsManager.getShellPath(),
      info: this.extInfo,
      emitInfo: () => this.emitInfo(),
    })
    return runtimeFactory({
      modelRuntime: this.deps.modelRuntime,
      extensionFactories: [
        ...bundledFactories(opts.bundled, host),
        ...this.deps.extensionFactories,
        (pi) => this.watch(pi),
        readDenyHook(this.sandbox),
        this.gate.hook,
        ...(opts.pi?.noMcp ? [] : [piMcpExtension()]),
        this.editorMcp.factory,
        trustCommand(this.deps.agentDir),
      ],
      extensionPaths: opts.extensionPaths,
      flags: opts.flags,
      pi: opts.pi,
      trust: this.trust,
      onUntrusted: () => (this.untrusted = true),
      tools: (cwd, shell) => [
        ...sandboxedTools(cwd, this.sandbox, shell, this.limits.toolMs, this.fileChanges),
        guardedReadTool(cwd, this.sandbox),
      ],
      takeNext: () => {
        const next = this.next
        this.next = {}
        return next
      },
    })
  }

  /** Pi has no model-change event for listeners; an extension hook sees every switch. */
  private watch(pi: ExtensionAPI) {
    pi.on("model_select", (e) => {
      this.emitInfo()
      void warmModelApi(e.model.api)
    })
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
      this.state = new SnapshotState(shown.type === "snapshot" ? shown.snapshot : snap)
    }
    reportSessionWrites(s.sessionManager, (r) => {
      this.deps.log(`${this.id}: ${r.text}`)
      this.notice(r.level, r.text)
    })
    // Every extension's pi.sendUserMessage (bundled or the person's own, from any command) ends
    // in this method, so the command that called it is not reported over before the run it asked for.
    const send = s.sendUserMessage.bind(s)
    s.sendUserMessage = (content, options) => {
      this.projector.expectRun()
      return send(content, options)
    }
    const offSession = s.subscribe((e) => this.onPiEvent(e))
    // The session hands events on after its extensions' handlers, so a prompt can resolve before
    // its agent_start arrives there; the agent's own comes first (see EventProjector.agentStarted).
    const offAgent = s.agent.subscribe((e) => void (e.type === "agent_start" && this.projector.agentStarted()))
    this.unsubscribe = () => {
      offSession()
      offAgent()
    }
    // before session_start: what the trust step said, and that the project was left out
    for (const n of this.earlyNotices.splice(0)) this.notice(n.level, n.message)
    if (this.untrusted && this.interactive) this.notice("warning", UNTRUSTED_NOTICE)
    this.untrusted = false
    await s.bindExtensions({
      uiContext: this.bridge.context,
      // Windows draw the extensions' components (component-host.ts): to an extension this is Pi's TUI.
      mode: this.interactive ? "tui" : "print",
      commandContextActions: this.actions(),
      shutdownHandler: () => this.requestShutdown(),
      onError: (err) => {
        this.notice("error", `Extension error (${err.extensionPath}, ${err.event}): ${err.error}`)
        if (err.event === "send_user_message") for (const e of this.projector.runNotStarted(err.error)) this.emit(e)
      },
    })
    // The snapshot above was cut before the extensions' resources_discover added their themes.
    if (this.info().themePaths) this.emitInfo()
  }

  private actions(): ExtensionCommandContextActions {
    return {
      waitForIdle: () => this.session.waitForIdle(),
      newSession: (o) => this.runtime.newSession(o),
      fork: async (entryId, o) => ({ cancelled: (await this.runtime.fork(entryId, o)).cancelled }),
      navigateTree: async (targetId, o) => {
        const r = await this.session.navigateTree(targetId, o)
        if (!r.cancelled) this.resetView()
        return { cancelled: r.cancelled }
      },
      // Pi would rewrite a file that is not a session: an extension gets the refusal instead
      // (a path with no file is Pi's way to start a session there, and harms nothing).
      switchSession: (path, o) => this.runtime.switchSession(existsSync(path) ? assertSessionFile(path) : path, o),
      reload: async () => {
        this.components.reset({ announce: true })
        await this.session.reload()
        // Pi tells the person after an extension's reload as after its own /reload (reload-runtime).
        this.emitInfo()
        this.emit({ type: "ui_notify", level: "info", message: RELOADED_NOTICE })
      },
    }
  }

  private onPiEvent(e: AgentSessionEvent) {
    this.watchdog?.event(e)
    try {
      for (const ev of this.projector.handle(e)) this.emit(ev)
    } catch (err) {
      this.deps.log(`projecting ${e.type} failed: ${errorText(err)}`)
    }
  }

  private project(ui: UiState): SessionSnapshot {
    const s = this.session
    const ids = new ItemIds()
    const items = projectBranch(s.sessionManager.getBranch(), ids, this.context.drawsEntry)
    this.projector = new EventProjector(ids, this.context, s.isStreaming)
    const snap: SessionSnapshot = {
      sessionId: this.id,
      info: this.info(),
      items,
      running: s.isStreaming,
      queue: { steering: [...s.getSteeringMessages()], followUp: [...s.getFollowUpMessages()] },
      stats: this.stats(),
      ui: structuredClone(ui),
    }
    if (s.isStreaming) snap.runStartedAt = Date.now()
    return snap
  }

  private readonly context: ProjectorContext = {
    info: () => this.info(),
    stats: () => this.stats(),
    now: () => Date.now(),
    compactionTime: () => {
      const leaf = this.session.sessionManager.getLeafEntry()
      return leaf?.type === "compaction" ? Date.parse(leaf.timestamp) : Date.now()
    },
    drawsEntry: (customType) => !!this.session.extensionRunner?.getEntryRenderer(customType),
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
