// When a run shows as begun and as over, and how it ended (its one turn_end): from Pi's agent
// events, the host's accepted prompts and extension commands, the person's stop, xagent's own
// limits and Pi's retries. Part of the event projection (session/event-projection.ts); no I/O.
import type { AssistantItem, NoticeItem, SessionEvent, TurnStopReason } from "../../protocol/index"
import type { AssistantMessage } from "../pi-types"

export type RunToken = object

type Notice = (level: NoticeItem["level"], text: string) => SessionEvent

export class RunTracker {
  private running = false
  /** Whether Pi's agent_start has come for the current run (a prompt can be accepted and never start one). */
  private started = false
  private lastAssistant?: AssistantMessage
  /** The current run's latest finished reply, for its turn_end. */
  private lastItem?: AssistantItem
  /** The person stopped the current run: it ends as cancelled, whatever Pi reports. */
  private cancelled = false
  /** xagent stopped the current run, for this reason: it ends as an error, whatever Pi reports. */
  private ended?: string
  /** Names the current run, so a prompt settling late cannot end a run begun after its own. */
  private run?: RunToken
  /** An extension asked Pi for a run that has not begun yet: the command that asked is not over. */
  private awaitingRun = false
  /** The run ended on an error; whether Pi retries is known only after its agent_end handling. */
  private failedEnd?: { error: string; reported: boolean }

  constructor(
    private readonly now: () => number,
    private readonly notice: Notice,
    running = false,
  ) {
    this.running = running
  }

  /** The host accepted a prompt: show the run at once rather than when Pi's events catch up. */
  begin(): SessionEvent[] {
    this.awaitingRun = false
    if (this.running) return []
    this.running = true
    this.lastItem = undefined
    this.cancelled = false
    this.ended = undefined
    this.run = {}
    return [{ type: "run", running: true, startedAt: this.now() }]
  }

  /**
   * Pi's agent began the run (told by the agent itself, ahead of the session's own agent_start):
   * from now on the run ends with Pi's agent_end, not with the prompt's promise.
   */
  agentStarted(): void {
    if (this.running) this.started = true
  }

  /** The session's own agent_start. */
  agentStart(): SessionEvent[] {
    this.started = true
    return this.begin()
  }

  /** The run showing now (begun by a prompt or by Pi), if any. */
  current(): RunToken | undefined {
    return this.running ? this.run : undefined
  }

  /** The prompt of `run` settled; if Pi never started it (an input hook handled it), end the one we showed. */
  settle(run: RunToken | undefined): SessionEvent[] {
    if (!this.running || this.started || run !== this.run) return []
    return this.end()
  }

  /**
   * An extension command finished: it started no run of its own (else that run's end tells how
   * it went), so this is the prompt's end.
   */
  settleCommand(errorMessage?: string): SessionEvent[] {
    if (this.running || this.awaitingRun) return []
    return [errorMessage === undefined ? { type: "turn_end", stopReason: "end_turn" } : turnFailed(errorMessage)]
  }

  /** An extension called sendUserMessage: a run follows (its end ends the command's prompt). */
  expect(): void {
    if (!this.running) this.awaitingRun = true
  }

  /** The run an extension asked for could not start: the command's prompt ends with its error. */
  notStarted(errorMessage: string): SessionEvent[] {
    if (!this.awaitingRun || this.running) return []
    this.awaitingRun = false
    return [turnFailed(errorMessage)]
  }

  /** The person asked to stop the current run. */
  cancel(): void {
    if (this.running) this.cancelled = true
  }

  /** xagent ends the current run (a stalled model, a tool over its limit): it ends as an error saying why. */
  endWith(why: string): void {
    if (this.running) this.ended = why
  }

  /** A reply finished (its message_end), as projected. */
  replied(m: AssistantMessage, item: AssistantItem): void {
    this.lastAssistant = m
    this.lastItem = item
  }

  agentEnd(willRetry: boolean): SessionEvent[] {
    const last = this.lastAssistant
    this.lastAssistant = undefined
    // A retry follows (auto_retry_start): the run goes on, and the retry's notice says why.
    if (willRetry) return []
    if (last?.stopReason === "error") {
      this.failedEnd = { error: last.errorMessage ?? "The model returned an error", reported: false }
      return []
    }
    return this.end()
  }

  /**
   * At agent_settled, once Pi's post-run work is done: a failed run ends here, after the
   * "gave up" of its last retry (which comes after agent_end), so its error is said once.
   */
  settled(): SessionEvent[] {
    const failed = this.failedEnd
    if (!failed) return []
    this.failedEnd = undefined
    // The failed reply's own row already says why (its stopReason and errorMessage): a notice would
    // say it a second time, where pi says it once. Only an error no row shows gets one.
    const shown = failed.reported || this.lastItem?.stopReason === "error"
    const out: SessionEvent[] = shown ? [] : [this.notice("error", failed.error)]
    return [...out, ...this.end()]
  }

  /** Pi retries the failed attempt (auto_retry_start): the run goes on. */
  retrying(): void {
    this.failedEnd = undefined
  }

  /** Pi's retries are over without success (auto_retry_end): said once, and the run ends if nothing else ends it. */
  gaveUp(attempt: number, finalError: string | undefined): SessionEvent[] {
    const text =
      finalError === "Retry cancelled"
        ? "Retry cancelled"
        : `Gave up after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${finalError ?? "error"}`
    // Cancelled while waiting to retry (only an abort does that): no agent_end follows, so the run ends here.
    if (!this.failedEnd) {
      if (finalError === "Retry cancelled") this.cancelled = true
      return [this.notice("error", text), ...this.end(text)]
    }
    this.failedEnd.reported = true
    return [this.notice("error", text)]
  }

  /** The run is over (retries included): windows stop its working line, callers learn how it went. */
  private end(errorMessage?: string): SessionEvent[] {
    if (!this.running) return []
    this.running = false
    this.started = false
    const item = this.lastItem
    this.lastItem = undefined
    let end: Extract<SessionEvent, { type: "turn_end" }>
    if (this.ended !== undefined) end = turnFailed(this.ended)
    else if (this.cancelled || item?.stopReason === "aborted") end = { type: "turn_end", stopReason: "cancelled" }
    else if (errorMessage !== undefined) end = turnFailed(errorMessage)
    else if (item?.stopReason === "error") end = turnFailed(item.errorMessage ?? "The model returned an error")
    else end = { type: "turn_end", stopReason: item?.stopReason === "length" ? "max_tokens" : "end_turn" }
    this.cancelled = false
    this.ended = undefined
    if (item) end.itemId = item.id
    return [{ type: "run", running: false }, end]
  }
}

/**
 * pi-ai reports a refusal as an error, by these messages: an OpenAI-style content filter, and
 * Anthropic's refusal when it gives no explanation (one it explains stays "error").
 */
const REFUSALS = new Set(["Provider finish_reason: content_filter", "The model refused to complete the request"])

function turnFailed(errorMessage: string): Extract<SessionEvent, { type: "turn_end" }> {
  const stopReason: TurnStopReason = REFUSALS.has(errorMessage) ? "refusal" : "error"
  return { type: "turn_end", stopReason, errorMessage }
}
