// What a live session is made of beside Pi: the extensions' UI (dialogs, pi-tui components,
// tool and message renderers) drawn for its windows, and the Pi runtime factory that loads its
// extensions (bundled, the person's, MCP, the sandbox's hooks and tools).
import type { Api, Model } from "@earendil-works/pi-ai"
import type { ExtensionAPI, ExtensionFactory, ModelRuntime, SessionManager } from "@earendil-works/pi-coding-agent"
import type { PermissionMode, ThinkingLevel } from "../../protocol/index"
import type { BundledMode, SessionOpener } from "../../common/bundled"
import { errorText } from "../../util/error-text"
import { gitBranch } from "../../util/git-branch"
import type { RunLimits } from "../../util/run-limits"
import { createBundledHost, type ExtensionInfo } from "../extensions/bundled-host"
import { bundledFactories, type BundledExtension } from "../extensions/bundled-slot"
import { createComponentHost } from "../extensions/component-host"
import { piTheme } from "../extensions/host-theme"
import type { FlagValues } from "../extensions/extension-flags"
import { createItemRenderers } from "../extensions/item-renderers"
import type { JournalLimits } from "./journal"
import type { LiveSession } from "./live-session"
import { xagentIdentity } from "../patches/xagent-identity"
import { piBuiltins } from "../extensions/pi-builtins"
import { trustCommand } from "../setup/project-trust"
import { runtimeFactory, type FactoryInputs, type PiOptions } from "./runtime-factory"
import { guardedReadTool, readDenyHook } from "../sandbox/pi-read-tools"
import { sandboxedTools } from "../sandbox/pi-tools"
import type { SandboxEnv } from "../sandbox/session-sandbox"
import { userBashTerminal } from "./session-bash"
import { createUiBridge } from "../extensions/ui-bridge"
import { warmModelApi } from "./warm-model-api"

export interface SessionDeps {
  agentDir: string
  modelRuntime: ModelRuntime
  extensionFactories: ExtensionFactory[]
  journalLimits?: JournalLimits
  sandbox: SandboxEnv
  log(msg: string): void
  /** An extension asked Pi to shut down (ctx.shutdown()). */
  onShutdownRequest(sessionId: string): void
  /** Sessions in hosts of their own (HostOptions.sessions): BundledHost.openSession and .sessions. */
  sessions?: SessionOpener
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

/** The extensions' UI of `live`, made in its constructor (so read nothing of it until called). */
export function createSessionUi(live: LiveSession, log: (msg: string) => void) {
  const id = live.id
  const components = createComponentHost({
    emit: (e) => live.emit(e),
    submit: (text) => submitFromEditor(live, text),
    interrupt: () => {
      if (live.running) void live.abort().catch((err) => log(`abort failed: ${errorText(err)}`))
    },
    cwd: () => live.session.sessionManager.getCwd(),
    branch: () => gitBranch(live.session.sessionManager.getCwd()),
    terminal: userBashTerminal,
    log: (msg) => log(`${id}: ${msg}`),
    onResize: () => {
      for (const e of renderers.resized()) live.emit(e)
    },
  })
  const renderers = createItemRenderers({
    session: () => live.session,
    theme: piTheme(),
    // The transcript keeps two columns either side of its rows.
    width: () => Math.max(10, components.width() - 4),
    cwd: () => live.session.sessionManager.getCwd(),
    log: (msg) => log(`${id}: ${msg}`),
  })
  const bridge = createUiBridge(
    (e) => live.emit(e),
    () => live.emitInfo(),
    components,
    (name) => live.session.settingsManager.setTheme(name),
    (level, message) => live.extensionNotice(level, message),
  )
  return { components, renderers, bridge }
}

/** An extension's editor (setEditorComponent) sent its text: a prompt, or a follow-up while a reply runs. */
function submitFromEditor(live: LiveSession, text: string): void {
  void import("../methods/prompt-methods")
    .then((m) => m.promptSession(live, text, live.running ? "followUp" : undefined))
    .catch((err) => live.notice("error", `Could not send: ${errorText(err)}`))
}

/** The factory of `live`'s Pi runtimes (the first and every /new, /fork, /session after it). */
export function sessionRuntimeFactory(
  live: LiveSession,
  deps: SessionDeps,
  opts: StartOptions,
  own: {
    extInfo: ExtensionInfo
    limits: RunLimits
    takeNext: FactoryInputs["takeNext"]
    trust: FactoryInputs["trust"]
    onUntrusted: FactoryInputs["onUntrusted"]
  },
) {
  const hostOf = createBundledHost({
    mode: opts.mode,
    bridge: live.bridge,
    sandbox: live.sandbox,
    shellPath: () => live.session.settingsManager.getShellPath(),
    info: own.extInfo,
    emitInfo: () => live.emitInfo(),
    consented: (toolCallId) => live.gate.consented(toolCallId),
    allows: (call, signal) => live.gate.allows(call, signal),
    modelRuntime: deps.modelRuntime,
    ...(deps.sessions ? { sessions: deps.sessions } : {}),
    // A subagent in a worktree: the same sandbox, bounded by the worktree's workspace. Its changes
    // are not the session's (no fileChanges): they are handed back as the worktree itself.
    toolsIn: (cwd) => [
      ...sandboxedTools(
        cwd,
        live.sandbox,
        {
          shellPath: live.session.settingsManager.getShellPath(),
          commandPrefix: live.session.settingsManager.getShellCommandPrefix(),
        },
        own.limits.toolMs,
      ),
      guardedReadTool(cwd, live.sandbox),
    ],
  })
  return runtimeFactory({
    modelRuntime: deps.modelRuntime,
    extensionFactories: [
      // First, as pi's CLI passes them; `--no-mcp` is Pi's disabledBuiltinExtensions (runtime-factory.ts).
      ...piBuiltins(),
      ...bundledFactories(opts.bundled, hostOf),
      ...deps.extensionFactories,
      // After the bundled ones: it rewrites a prompt plan mode forces for its run.
      ...xagentIdentity(),
      (pi) => watchModel(live, pi),
      readDenyHook(live.sandbox),
      live.attachments.hook,
      live.requiredSkills.hook,
      live.gate.hook,
      live.editorMcp.factory,
      trustCommand(deps.agentDir),
    ],
    extensionPaths: opts.extensionPaths,
    flags: opts.flags,
    pi: opts.pi,
    trust: own.trust,
    onUntrusted: own.onUntrusted,
    tools: (cwd, shell) => [
      ...sandboxedTools(cwd, live.sandbox, shell, own.limits.toolMs, live.fileChanges),
      guardedReadTool(cwd, live.sandbox, live.editorFiles),
    ],
    takeNext: own.takeNext,
  })
}

/** Pi has no model-change event for listeners; an extension hook sees every switch. */
function watchModel(live: LiveSession, pi: ExtensionAPI) {
  pi.on("model_select", (e) => {
    live.emitInfo()
    void warmModelApi(e.model.api)
  })
}
