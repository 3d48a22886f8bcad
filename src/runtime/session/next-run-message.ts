// What a window's prompt sends after the person's message (its `@path` files, its `$name` skills),
// held until the run that prompt starts: Pi builds a run's first messages in before_agent_start, so
// a hook hands it over there. One slot a kind, each with its own hook, as a hook adds one message.
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"

export interface RunMessage {
  customType: string
  content: string
  display: true
  details: unknown
}

/** The message of the prompt being started while idle; the hook hands it to that run. */
export class NextRunMessage<M extends RunMessage> {
  private pending?: M

  set(message: M | undefined): void {
    this.pending = message
  }

  /** The hook of the session's runtimes: the run a window's prompt starts carries its message. */
  readonly hook: ExtensionFactory = (pi) => {
    pi.on("before_agent_start", (event) => {
      if (event.messageType !== "user" || !this.pending) return undefined
      const message = this.pending
      this.pending = undefined
      return { message }
    })
  }
}
