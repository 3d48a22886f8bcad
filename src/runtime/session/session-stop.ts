// How a live session's run ends other than by itself: the person stops it, the watchdog ends one
// that waits forever on the model or a tool, and an extension's ctx.shutdown() ends the session
// (as Pi does: at once when idle, else once the run in progress has settled).
import type { SessionEvent } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import { RUN_LIMITS_HINT, type RunLimits } from "../../util/run-limits"
import type { AgentSession, AgentSessionEvent } from "../pi-types"
import type { EventProjector } from "./event-projection"
import { RunWatchdog } from "./run-watchdog"

export interface StopTarget {
  readonly id: string
  session(): AgentSession
  running(): boolean
  /** The projector now (every snapshot makes a new one). */
  projector(): EventProjector
  notice(level: "error", text: string): void
  log(msg: string): void
  /** Ends the session (the host closes it). */
  shutdown(): void
}

export class SessionStop {
  private shutdownAsked = false
  /** Ends a run that waits forever on the model or a tool. */
  private readonly watchdog: RunWatchdog

  constructor(
    limits: RunLimits,
    private readonly live: StopTarget,
  ) {
    this.watchdog = new RunWatchdog(limits, (why) => void this.endRun(why))
  }

  /** Every event of the session, once windows have it. */
  seen(e: SessionEvent, pendingQuestions: () => number): void {
    if (e.type === "ui_request" || e.type === "ui_resolved") this.watchdog.waitingForPerson(pendingQuestions() > 0)
    // A shutdown asked for during a reply (a tool's ctx.shutdown()) waits for the reply to end.
    if (e.type === "turn_end" && this.shutdownAsked) queueMicrotask(() => this.live.shutdown())
  }

  /** Every event of Pi's session: the watchdog's clock. */
  piEvent(e: AgentSessionEvent): void {
    this.watchdog.event(e)
  }

  /** An extension's ctx.shutdown(). */
  requestShutdown(): void {
    if (this.live.session().isIdle && !this.live.running()) return this.live.shutdown()
    this.shutdownAsked = true
  }

  /** The person stops the run (and any `!` command or compaction with it). */
  async abort(): Promise<void> {
    this.live.projector().runs.cancel()
    const s = this.live.session()
    if (s.isBashRunning) s.abortBash()
    if (s.isCompacting) s.abortCompaction()
    await s.abort()
  }

  dispose(): void {
    this.watchdog.dispose()
  }

  /** Ends the running reply as an error that says why (the watchdog's limits). */
  private async endRun(why: string): Promise<void> {
    const text = `${why}: the run was ended (${RUN_LIMITS_HINT})`
    this.live.projector().runs.endWith(text)
    this.live.notice("error", text)
    const s = this.live.session()
    if (s.isBashRunning) s.abortBash()
    await s.abort().catch((err) => this.live.log(`ending the run of ${this.live.id} failed: ${errorText(err)}`))
  }
}
