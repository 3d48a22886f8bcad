// Ends a run that waits forever (findings, low row: a hung provider kept a detached reply
// "running" with nobody to stop it). Pi's events are the clock: while the agent runs and no tool
// or compaction is in flight, each event is the model's stream moving; none for the stall limit
// means the model sent nothing. A tool past the tool limit ends the run too (bash itself is
// timed out earlier by sandboxedTools, with its process group, so the reply can go on).
import type { AgentSessionEvent } from "@earendil-works/pi-coding-agent"
import { limitText, type RunLimits } from "../util/run-limits"

/** bash ends itself at the limit: the run is ended only if that did not happen. */
const BASH_GRACE_MS = 5000

export class RunWatchdog {
  private active = false
  private compacting = false
  private readonly tools = new Map<string, Timer>()
  private model: Timer | undefined

  constructor(
    private readonly limits: RunLimits,
    /** Ends the run; `why` is said in the run's turn_end and a notice. */
    private readonly end: (why: string) => void,
  ) {}

  event(e: AgentSessionEvent): void {
    switch (e.type) {
      case "agent_start":
        this.active = true
        break
      case "agent_end":
        this.active = false
        for (const t of this.tools.values()) clearTimeout(t)
        this.tools.clear()
        break
      case "compaction_start":
        this.compacting = true
        break
      case "compaction_end":
        this.compacting = false
        break
      case "tool_execution_start":
        if (this.limits.toolMs > 0) {
          const grace = e.toolName === "bash" ? BASH_GRACE_MS : 0
          const t = setTimeout(
            () => this.fire(`the tool ${e.toolName} ran longer than ${limitText(this.limits.toolMs)}`),
            this.limits.toolMs + grace,
          )
          this.tools.set(e.toolCallId, t)
        } else this.tools.set(e.toolCallId, undefined as unknown as Timer)
        break
      case "tool_execution_end":
        clearTimeout(this.tools.get(e.toolCallId))
        this.tools.delete(e.toolCallId)
        break
    }
    this.rearm()
  }

  dispose(): void {
    this.active = false
    for (const t of this.tools.values()) clearTimeout(t)
    this.tools.clear()
    this.rearm()
  }

  private rearm() {
    clearTimeout(this.model)
    this.model = undefined
    if (!this.active || this.compacting || this.tools.size || !(this.limits.modelStallMs > 0)) return
    const ms = this.limits.modelStallMs
    this.model = setTimeout(() => this.fire(`stalled: the model sent nothing for ${limitText(ms)}`), ms)
  }

  private fire(why: string) {
    this.dispose()
    this.end(why)
  }
}
