// What the session host gives each bundled extension (extensions/<name>/index.ts) beside Pi's own
// ExtensionAPI: how the session runs, and a way to put a dialog of xagent's own kinds (ask_user)
// in front of the session's windows. Types only, so an extension can use them without loading
// anything of the host.
import type { EventEnvelope, Params } from "../protocol/index"
import type { UiRequest, UiResponse } from "../protocol/ui"

/**
 * - `window`: the host lives in the window's process (`--no-daemon`, in-process hosts) and ends with it.
 * - `daemon`: the shared background daemon; windows attach and detach, so a reply may run with none.
 * - `print`: `xagent -p`; no window will answer a dialog (one that is asked is declined).
 */
export type BundledMode = "window" | "daemon" | "print"

/** A dialog as an extension asks for it: the host gives it its id. */
export type UiRequestBody = UiRequest extends infer R ? (R extends UiRequest ? Omit<R, "id"> : never) : never

export interface BundledHost {
  readonly mode: BundledMode
  /**
   * Shows the dialog in every window of the session (the first answer wins); resolves undefined
   * when it is cancelled, aborted through `signal`, or the session is replaced or closed.
   */
  request(request: UiRequestBody, opts?: { signal?: AbortSignal }): Promise<UiResponse | undefined>
  /** The session's sandbox (src/runtime/sandbox), as far as an extension may steer it. */
  readonly sandbox: BundledSandbox
  /**
   * The extension's state in the session's info (`SessionInfo.extensions[<its name>]`; undefined:
   * none), sent to windows when it changes. Its window part reads it there.
   * A new conversation starts with none: the extension restates it on its session_start.
   */
  setState(state: unknown): void
  /**
   * The person already consented to this tool call (they approved a plan with its edits
   * auto-accepted, or answered the extension's own permission dialog): the host's consent gate,
   * which asks an editor about every gated call, does not ask about it again.
   */
  consented(toolCallId: string): void
  /**
   * The session's consent gate for a tool call that is not its own agent's (a subagent borrowing
   * the session's tools): true at once while approval is off or the person said "always" for the
   * tool, else after their answer in a `permission` dialog named by `from` (UiRequest.from); a
   * denial, a cancel or an abort is false.
   */
  approve(
    call: { toolCallId: string; toolName: string; input: unknown; from?: string },
    signal?: AbortSignal,
  ): Promise<boolean>
  /**
   * Runs `run` for a subagent named `from` ("explore · Find the configs"): the dialogs asked in
   * it (a borrowed ask_user's) name it in the windows (UiRequest.from). Enter it where the child
   * calls the borrowed tool: the name follows the call's own async work, not a stream's callbacks.
   */
  onBehalfOf<T>(from: string, run: () => Promise<T>): Promise<T>
  /**
   * Pi's ModelRuntime of the session (its models and sign-ins, those only held in memory too), so
   * a session an extension starts itself (a subagent) asks the models as this one does. `unknown`
   * because this file names no Pi type: the extension gives it Pi's type.
   */
  readonly modelRuntime?: unknown
  /**
   * The session's own bash, edit, write and read made for another folder (a subagent's worktree):
   * the same sandbox and permission mode, with that folder's workspace as their write boundary
   * instead of the session's. `unknown[]`: Pi's ToolDefinitions, which this file does not name.
   */
  toolsIn?(cwd: string): unknown[]
  /**
   * Opens a session in a session host of its own and sends it `prompt`; resolves its session id
   * once the prompt is taken. It outlives this session and its host (a background subagent).
   * Present only under the daemon: elsewhere nothing would outlive the window's process.
   */
  openSession?(params: Params<"session.open">, prompt: string): Promise<string>
  /**
   * Sessions in hosts of their own that this host watches and steers (a foreground subagent): the
   * broker opens one, sends its events here and closes it when this host ends. The daemon's only.
   */
  sessions?: SessionOpener
  /**
   * Runs one task on an external ACP agent (a subagent on a profile with `acp:`): its program in
   * `cwd`, a new session of its own, the task as its one prompt; its permission requests are the
   * person's dialogs in the session's windows, named by `from`. The signal cancels the prompt
   * (session/cancel), and the program is ended however the run ends: none is left behind.
   */
  runAgent?(run: AgentRun): Promise<AgentRunResult>
}

/** The requests a host may make of a session it opened to watch (SessionOpener.call). */
export type WatchedMethod = "session.prompt" | "session.abort" | "session.uiRespond" | "session.close"
export const WATCHED_METHODS: readonly WatchedMethod[] = [
  "session.prompt",
  "session.abort",
  "session.uiRespond",
  "session.close",
]

/** Sessions a daemon's host opens in hosts of their own (BundledHost.sessions, HostOptions.sessions). */
export interface SessionOpener {
  /**
   * Opens a session in a host of its own and sends it `prompt`; its id once the prompt is taken.
   * With `watch`, its events come to `watch` from its first (its snapshot), and it is closed when
   * this host ends; without, it outlives this host (a background subagent).
   */
  open(params: Params<"session.open">, prompt: string, watch?: (env: EventEnvelope) => void): Promise<string>
  /** A request of a watched session's (its sessionId filled in). */
  call(sessionId: string, method: WatchedMethod, params: Record<string, unknown>): Promise<unknown>
}

/** One task for an external ACP agent (BundledHost.runAgent). */
export interface AgentRun {
  command: string
  args: string[]
  /** The agent's environment beside the host's (the profile's `env`). */
  env: Record<string, string>
  cwd: string
  prompt: string
  /** The child's name in the windows' dialogs ("claude · Review the patch"). */
  from: string
  signal?: AbortSignal
  /** The agent started a tool call (its title). */
  onTool?(title: string): void
  /** The agent's tokens so far, where it reports them. */
  onTokens?(tokens: { input: number; output: number }): void
  /**
   * The run as Pi's messages (the task, the agent's replies with their calls, the calls' results),
   * each as it ends: the child's transcript file. Pi's shapes, unnamed here.
   */
  onMessage?(message: unknown): void
}

export interface AgentRunResult {
  /** ACP's stop reason of the prompt: end_turn, cancelled, refusal, max_tokens… */
  stopReason: string
  /** What the agent wrote after its last tool call (its report). */
  text: string
  /** The agent's name and version, as its initialize said. */
  agent: string
  usage?: { input: number; output: number }
}

export interface BundledSandbox {
  /**
   * Plan mode: `true` binds everything read-only (the kernel refuses writes), `false` gives the
   * workspace scope back (and full access, if the person had it). Returns whether a real sandbox
   * holds commands here; when none does, nothing changes and the caller keeps its own limits.
   */
  readOnly(on: boolean): boolean
  /**
   * Runs a shell command in the sandbox's current scope, in `cwd`, as the agent's bash would (with
   * no sandbox here it asks the person first, and a no is a refusal: code -1 and the reason).
   */
  exec(command: string, opts: { cwd: string; timeoutMs?: number; signal?: AbortSignal }): Promise<SandboxExecResult>
  /** How the session is confined now: its permission mode, and whether plan mode made it read-only. */
  scope(): { mode: "sandboxed" | "full"; readOnly: boolean }
}

export interface SandboxExecResult {
  /** The exit code; -1 when the command did not run or was stopped. */
  code: number
  /** stdout and stderr together, as they came. */
  output: string
}
