// Replacements of Pi's AgentSession in one live session (/new, a switch, a fork; a window's or an
// extension's) and what the next runtime Pi's factory builds takes from the one that asked for it.
import type { Api, Model } from "@earendil-works/pi-ai"
import type { ThinkingLevel } from "../../protocol/index"
import { actingWindow } from "./acting-window"

/** Used once by the next runtime the factory builds (the opening, /new), then cleared. */
export interface NextRuntime {
  model?: Model<Api>
  thinking?: ThinkingLevel
}

export class SessionReplacement {
  private readonly running = new Set<Promise<unknown>>()
  private next: NextRuntime = {}
  /** The window whose request made the last replacement (SessionInfo.movedBy). */
  movedBy: string | undefined

  /** What the next runtime is to use (the opening's model and thinking level). */
  hand(next: NextRuntime): void {
    this.next = next
  }

  /** Taken by the factory as it builds a runtime. */
  take(): NextRuntime {
    const next = this.next
    this.next = {}
    return next
  }

  /**
   * Runs a replacement, its new runtime built with `next` if given. Until Pi has bound the new
   * session, its runtime hands out the old one, being torn down: a prompt run there reaches no
   * window and is saved nowhere. Requests wait for `settled()` meanwhile.
   */
  async run<T>(fn: () => Promise<T>, next?: NextRuntime): Promise<T> {
    if (next) this.next = next
    // Before Pi binds the new session: the snapshot announcing it says whose move it was.
    this.movedBy = actingWindow()
    const running = fn()
    this.running.add(running)
    try {
      return await running
    } finally {
      this.running.delete(running)
      if (next) this.next = {}
    }
  }

  /** Resolves once no replacement is in progress. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running])
  }
}
