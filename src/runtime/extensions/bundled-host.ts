// What a session gives its bundled extensions beside Pi's API (src/common/bundled.ts): dialogs
// in every window, the session's sandbox as far as an extension may steer it (a read-only scope, a
// check command), and the extension state the session's info carries, each extension's under its name.
import type { Params, PermissionMode } from "../../protocol/index"
import type { BundledHost, BundledMode, SessionOpener } from "../../common/bundled"
import { sandboxedOperations } from "../sandbox/pi-tools"
import type { SessionSandbox } from "../sandbox/session-sandbox"
import type { UiBridge } from "./ui-bridge"
import { onBehalfOf } from "./asker"
import { errorText } from "../../util/error-text"

/** The tail of a host-run command's output an extension gets (a check's log can be long). */
const EXEC_TAIL = 64 * 1024

/** The extensions' part of SessionInfo, kept by the live session across its conversations. */
export class ExtensionInfo {
  /** Each extension's state by its name (BundledHost.setState); JSON, as it goes on the wire. */
  readonly states = new Map<string, unknown>()
  /** The permission mode to give back when plan mode's read-only scope ends. */
  modeBeforeReadOnly?: PermissionMode

  /** A new conversation: its extensions restate their state on its session_start. */
  reset(): void {
    this.states.clear()
  }

  /** What SessionInfo carries: absent while no extension has state. */
  snapshot(): Record<string, unknown> | undefined {
    return this.states.size ? Object.fromEntries(this.states) : undefined
  }
}

export interface BundledHostDeps {
  mode: BundledMode
  bridge: UiBridge
  sandbox: SessionSandbox
  shellPath(): string | undefined
  info: ExtensionInfo
  emitInfo(): void
  /** The consent gate is not to ask about this call (BundledHost.consented). */
  consented(toolCallId: string): void
  /** The consent gate's answer for a call that is not the session's own (BundledHost.approve). */
  allows(
    call: { toolCallId: string; toolName: string; input: unknown; from?: string },
    signal?: AbortSignal,
  ): Promise<boolean>
  /** Pi's ModelRuntime of the session (BundledHost.modelRuntime). */
  modelRuntime?: unknown
  /** The session's own file and shell tools for another folder (BundledHost.toolsIn). */
  toolsIn?(cwd: string): unknown[]
  /** BundledHost.openSession and .sessions (a daemon's host only). */
  sessions?: SessionOpener
}

/** The host of each bundled extension, by its name (the key of its state). */
export function createBundledHost(d: BundledHostDeps): (name: string) => BundledHost {
  const sb = d.sandbox
  const ask = (title: string, message: string) => d.bridge.context.confirm(title, message)
  const setState = (name: string, state: unknown) => {
    const states = d.info.states
    // Sent only on change: a session start that restates the defaults adds no event after its snapshot.
    if (JSON.stringify(state) === JSON.stringify(states.get(name))) return
    if (state === undefined) states.delete(name)
    else states.set(name, JSON.parse(JSON.stringify(state)) as unknown)
    d.emitInfo()
  }
  const sandbox: BundledHost["sandbox"] = {
    readOnly(on) {
      if (!sb.availability.ok) return false
      if (on === (sb.info().scope === "read-only")) return true
      if (on) {
        d.info.modeBeforeReadOnly = sb.mode
        sb.setScope("read-only")
      } else {
        sb.setScope("workspace")
        if (d.info.modeBeforeReadOnly) sb.setMode(d.info.modeBeforeReadOnly)
        d.info.modeBeforeReadOnly = undefined
      }
      d.emitInfo()
      return true
    },
    scope: () => ({ mode: sb.mode, readOnly: sb.info().scope === "read-only" }),
    async exec(command, o) {
      const ops = sandboxedOperations(sb, d.shellPath(), ask)
      let output = ""
      const onData = (b: Buffer) => void (output = (output + b.toString("utf8")).slice(-EXEC_TAIL))
      const timeout = o.timeoutMs ? o.timeoutMs / 1000 : undefined
      try {
        const r = await ops.exec(command, o.cwd, { onData, signal: o.signal, timeout })
        return { code: r.exitCode ?? -1, output }
      } catch (err) {
        const why = errorText(err)
        return { code: -1, output: `${output}${output && !output.endsWith("\n") ? "\n" : ""}${why}` }
      }
    },
  }
  return (name) => ({
    mode: d.mode,
    // Bundled dialogs (ask_user) go to every window like any extension dialog.
    request: (req, o) => d.bridge.request(req, o),
    setState: (state) => setState(name, state),
    consented: (toolCallId) => d.consented(toolCallId),
    approve: (call, signal) => d.allows(call, signal),
    onBehalfOf,
    sandbox,
    modelRuntime: d.modelRuntime,
    ...(d.toolsIn ? { toolsIn: d.toolsIn } : {}),
    ...(d.sessions
      ? {
          openSession: (p: Params<"session.open">, prompt: string) => d.sessions!.open(p, prompt),
          sessions: d.sessions,
        }
      : {}),
    // A subagent on an ACP profile: its permission requests are this session's dialogs. The ACP
    // client engine loads with the first such child, not with every Pi session.
    runAgent: async (run) =>
      (await import("../agent/agent-child")).runAgentChild(run, { request: (req, o) => d.bridge.request(req, o) }),
  })
}
