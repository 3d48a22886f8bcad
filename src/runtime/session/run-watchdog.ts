// Ends a run that waits forever (a hung provider kept a detached reply "running" with nobody
// to stop it). Pi's events are the clock: while the agent runs and no tool,
// compaction or question to the person is in flight, each event is the model's stream moving;
// none for the stall limit means the model sent nothing. A tool past the tool limit ends the run
// too (bash itself is timed out earlier by sandboxedTools, with its process group, so the reply
// can go on). Waiting on the person (a dialog) is never a stall: every clock stops meanwhile.
import type { AgentSessionEvent } from "@earendil-works/pi-coding-agent"
import { limitText, type RunLimits } from "../../util/run-limits"

/** bash ends itself at the limit: the run is ended only if that did not happen. */
const BASH_GRACE_MS = 5000

interface RunningTool {
  name: string
  timer?: Timer
}

export class RunWatchdog {
  private active = false
  private compacting = false
  private asking = false
  private readonly tools = new Map<string, RunningTool>()
  private model: Timer | undefined
  /** When the model's stream last moved (Date.now()): the stall timer looks at it when it fires. */
  private moved = 0
  /** A request to the model is out and its response has not started (the answer limit applies). */
  private unanswered = false

  constructor(
    private readonly limits: RunLimits,
    /** Ends the run; `why` is said in the run's turn_end and a notice. */
    private readonly end: (why: string) => void,
  ) {}

  event(e: AgentSessionEvent): void {
    switch (e.type) {
      // A reply streams thousands of these a second: each only moves the clock on (two timer
      // calls per token were 4% of a host's time while streaming).
      case "message_update":
        this.moved = Date.now()
        this.unanswered = false
        return
      case "agent_start":
      case "turn_start":
        this.active = true
        this.unanswered = true
        break
      case "message_start":
        if (e.message.role === "assistant") this.unanswered = false
        break
      case "agent_end":
        this.active = false
        this.clearTools()
        break
      case "compaction_start":
        this.compacting = true
        break
      case "compaction_end":
        this.compacting = false
        break
      // Pi waits `delayMs` before asking the model again: that wait is nobody's silence.
      case "auto_retry_start":
        this.unanswered = true
        this.rearm()
        this.moved += e.delayMs
        return
      case "tool_execution_start":
        this.unanswered = false
        this.tools.set(e.toolCallId, { name: e.toolName })
        break
      case "tool_execution_end":
        clearTimeout(this.tools.get(e.toolCallId)?.timer)
        this.tools.delete(e.toolCallId)
        break
    }
    this.rearm()
  }

  /** A question to the person is pending (or no longer): the clocks stop until it is answered. */
  waitingForPerson(asking: boolean): void {
    if (asking === this.asking) return
    this.asking = asking
    this.rearm()
  }

  dispose(): void {
    this.active = false
    this.clearTools()
    this.rearm()
  }

  private clearTools() {
    for (const t of this.tools.values()) clearTimeout(t.timer)
    this.tools.clear()
  }

  private rearm() {
    clearTimeout(this.model)
    this.model = undefined
    const toolMs = this.limits.toolMs
    for (const t of this.tools.values()) {
      if (this.asking) {
        clearTimeout(t.timer)
        t.timer = undefined
      } else if (!t.timer && toolMs > 0) {
        const grace = t.name === "bash" ? BASH_GRACE_MS : 0
        t.timer = setTimeout(() => this.fire(`the tool ${t.name} ran longer than ${limitText(toolMs)}`), toolMs + grace)
      }
    }
    const ms = this.stallLimit()
    if (!this.active || this.compacting || this.asking || this.tools.size || !(ms > 0)) return
    this.moved = Date.now()
    this.armStall(ms)
  }

  /** The answer limit until the model's response starts (when it is the shorter), the stall limit after. */
  private answering(): boolean {
    const answer = this.limits.modelAnswerMs ?? 0
    const stall = this.limits.modelStallMs
    return this.unanswered && answer > 0 && !(stall > 0 && stall <= answer)
  }

  private stallLimit(): number {
    return this.answering() ? this.limits.modelAnswerMs! : this.limits.modelStallMs
  }

  private armStall(wait: number) {
    this.model = setTimeout(() => {
      const ms = this.stallLimit()
      if (!(ms > 0)) return
      const quiet = Date.now() - this.moved
      if (quiet < ms) return this.armStall(ms - quiet)
      this.fire(
        this.answering()
          ? `stalled: the model did not answer the request within ${limitText(ms)}`
          : `stalled: the model sent nothing for ${limitText(ms)}`,
      )
    }, wait)
  }

  private fire(why: string) {
    this.dispose()
    this.end(why)
  }
}
