// Ends a run that waits forever (a hung provider kept a detached reply "running" with nobody
// to stop it). Pi's events are the clock: while the agent runs and no tool,
// compaction or question to the person is in flight, each event is the model's stream moving;
// none for the stall limit means the model sent nothing. A tool past the tool limit ends the run
// too (bash itself is timed out earlier by sandboxedTools, with its process group, so the reply
// can go on). Waiting on the person (a dialog) is never a stall: every clock stops meanwhile.
import type { AgentSessionEvent } from "@earendil-works/pi-coding-agent"
import { limitText, type RunLimits } from "../util/run-limits"

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
        return
      case "agent_start":
        this.active = true
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
      case "tool_execution_start":
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
    const ms = this.limits.modelStallMs
    if (!this.active || this.compacting || this.asking || this.tools.size || !(ms > 0)) return
    this.moved = Date.now()
    this.armStall(ms)
  }

  private armStall(wait: number) {
    const ms = this.limits.modelStallMs
    this.model = setTimeout(() => {
      const quiet = Date.now() - this.moved
      if (quiet >= ms) this.fire(`stalled: the model sent nothing for ${limitText(ms)}`)
      else this.armStall(ms - quiet)
    }, wait)
  }

  private fire(why: string) {
    this.dispose()
    this.end(why)
  }
}
