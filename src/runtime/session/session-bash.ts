// `!command`: Pi runs it (and records it in the session); windows see it as a bash item that
// fills in while it runs.
import { AsyncLocalStorage } from "node:async_hooks"
import type { BashOperations, UserBashEventResult } from "@earendil-works/pi-coding-agent"
import type { BashItem, SessionEvent } from "../../protocol/index"
import type { AgentSession } from "../pi-types"
import { sandboxedOperations } from "../sandbox/pi-tools"
import type { SessionSandbox } from "../sandbox/session-sandbox"
import type { WindowTerminal } from "../extensions/terminal-lend"
import type { UiBridge } from "../extensions/ui-bridge"
import { errorText } from "../../util/error-text"

/** Output kept on a running bash item; the final item carries Pi's (truncated) result. */
const LIVE_TAIL = 32 * 1024
/**
 * A running item is re-sent at most this often: a command that flushes every line would
 * otherwise send (and journal, and copy into every window) its whole tail per line.
 */
const LIVE_INTERVAL_MS = 100

export interface BashSink {
  emit(e: SessionEvent): void
  id(base: string): string
  notice(level: "error", text: string): void
}

/**
 * Starts the command and returns at once; progress and the result arrive as item updates.
 * `operations`: how it runs (the sandbox's); undefined runs it as it is (`!outside`, full access).
 * `excludeFromContext`: `!!command`, kept out of the model's context.
 * `userBash`: the extensions' `user_bash` hooks, asked first as Pi's interactive mode does: one may
 * run the command itself (`result`) or say how to run it (`operations`: ssh, its own sandbox);
 * one that throws has been reported by Pi's runner and the command does not run.
 */
export function runBash(
  s: AgentSession,
  command: string,
  sink: BashSink,
  opts: {
    operations?: BashOperations
    excludeFromContext: boolean
    userBash?: () => Promise<UserBashEventResult | undefined>
    /** Whether the command ran in the sandbox (asked once it is done: a hook may have run it). */
    sandboxed?: () => boolean
  },
): void {
  const { excludeFromContext } = opts
  const now = Date.now()
  const item: BashItem = {
    kind: "bash",
    id: sink.id(`b-${now}`),
    command,
    output: "",
    status: "running",
    timestamp: now,
  }
  if (excludeFromContext) item.excludeFromContext = true
  if (!opts.operations) item.outside = true
  sink.emit({ type: "item_add", item })
  let output = ""
  let pending: ReturnType<typeof setTimeout> | undefined
  const onChunk = (chunk: string) => {
    output = (output + chunk).slice(-LIVE_TAIL)
    pending ??= setTimeout(() => {
      pending = undefined
      sink.emit({ type: "item_update", item: { ...item, output } })
    }, LIVE_INTERVAL_MS)
  }
  const settle = () => {
    clearTimeout(pending)
    pending = undefined
  }
  const finish = (r: Awaited<ReturnType<AgentSession["executeBash"]>>) => {
    settle()
    const done: BashItem = {
      ...item,
      output: r.output,
      status: "done",
      cancelled: r.cancelled,
      truncated: r.truncated,
    }
    if (r.exitCode !== undefined) done.exitCode = r.exitCode
    if (opts.sandboxed?.()) done.sandboxed = true
    sink.emit({ type: "item_update", item: done })
  }
  const fail = (err?: unknown) => {
    settle()
    sink.emit({ type: "item_update", item: { ...item, output, status: "done", cancelled: true } })
    if (err !== undefined) sink.notice("error", `Command failed: ${errorText(err)}`)
  }
  const run = async () => {
    let hooked: UserBashEventResult | undefined
    try {
      hooked = await opts.userBash?.()
    } catch {
      return fail()
    }
    if (hooked?.result) {
      s.recordBashResult(command, hooked.result, { excludeFromContext })
      return finish(hooked.result)
    }
    const operations = hooked?.operations ?? opts.operations
    finish(await s.executeBash(command, onChunk, { operations, excludeFromContext }))
  }
  run().catch(fail)
}

/** The terminal of the window whose `!` command the running user_bash hooks are for. */
const bashTerminal = new AsyncLocalStorage<WindowTerminal | undefined>()

/** The terminal an extension's tui.stop() borrows: the one of the window whose `!` command runs. */
export const userBashTerminal = (): WindowTerminal | undefined => bashTerminal.getStore()

/** The parts of a live session a `!` command needs. */
export interface BashSession extends Pick<BashSink, "emit" | "notice"> {
  readonly session: AgentSession
  readonly sandbox: SessionSandbox
  readonly bridge: UiBridge
  itemId(base: string): string
}

/**
 * Runs `!command` as a bash item; returns once it has started. In the sandbox unless
 * `outside`: the person approved this one command to run without it (`!outside`).
 * `excludeFromContext`: `!!command`, whose output the model does not see.
 */
export function sessionBash(
  live: BashSession,
  command: string,
  opts: { outside?: boolean; excludeFromContext?: boolean; terminal?: WindowTerminal } = {},
): void {
  const s = live.session
  const ask = (title: string, message: string) => live.bridge.context.confirm(title, message)
  let jailed = false
  const ops = opts.outside
    ? undefined
    : sandboxedOperations(live.sandbox, s.settingsManager.getShellPath(), ask, () => (jailed = true))
  runBash(
    s,
    command,
    {
      emit: (e) => live.emit(e),
      id: (base) => live.itemId(base),
      notice: (level, text) => live.notice(level, text),
    },
    {
      operations: ops,
      excludeFromContext: opts.excludeFromContext === true,
      sandboxed: () => jailed,
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
