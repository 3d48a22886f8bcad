// `!command`: Pi runs it (and records it in the session); windows see it as a bash item that
// fills in while it runs.
import type { BashOperations } from "@earendil-works/pi-coding-agent"
import type { BashItem, SessionEvent } from "../protocol"
import type { AgentSession } from "./pi-types"

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
 */
export function runBash(
  s: AgentSession,
  command: string,
  sink: BashSink,
  opts: { operations?: BashOperations; excludeFromContext: boolean },
): void {
  const { operations, excludeFromContext } = opts
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
  if (!operations) item.outside = true
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
  s.executeBash(command, onChunk, { operations, excludeFromContext }).then(
    (r) => {
      settle()
      const done: BashItem = {
        ...item,
        output: r.output,
        status: "done",
        cancelled: r.cancelled,
        truncated: r.truncated,
      }
      if (r.exitCode !== undefined) done.exitCode = r.exitCode
      sink.emit({ type: "item_update", item: done })
    },
    (err) => {
      settle()
      sink.emit({ type: "item_update", item: { ...item, output, status: "done", cancelled: true } })
      sink.notice("error", `Command failed: ${err instanceof Error ? err.message : String(err)}`)
    },
  )
}
