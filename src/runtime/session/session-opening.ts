// A live session's opening, until its runtime is made and shown. Pi runs the project-trust step
// before the runtime exists and asks its question through the UI bridge, so a window must be
// handed the session early to answer it; what extensions say before there is a transcript is kept
// and said there once there is one (with no window, -p, it goes with the open's warnings).
import type { SessionEvent } from "../../protocol"
import type { UiBridge } from "../extensions/ui-bridge"
import { ProjectTrust, UNTRUSTED_NOTICE } from "../setup/project-trust"
import type { EventProjector } from "./event-projection"
import type { SessionDeps, StartOptions } from "./session-wiring"

type Level = "info" | "warning" | "error"

export class SessionOpening {
  /** Until start() returns: no window watches yet (unless it was handed out early, see `published`). */
  active = true
  /** Handed to the windows before its runtime was made: the runtime's snapshot must reach them. */
  published = false
  /** The last runtime built left the folder's protected resources out: say so once it is shown. */
  untrusted = false
  /** Hands the session to the windows while its opening waits on the person. */
  waitingForPerson?: () => void
  /** What extensions said while the session opened and no transcript existed yet. */
  private readonly notices: { level: Level; message: string }[] = []

  constructor(private readonly session: { readonly interactive: boolean }) {}

  /** The trust step of this opening: its question goes to the windows unless there are none to ask. */
  trust(deps: SessionDeps, opts: StartOptions, bridge: UiBridge, emit: (e: SessionEvent) => void): ProjectTrust {
    const interactive = this.session.interactive
    const ask = interactive && opts.askTrust !== false
    return new ProjectTrust({
      agentDir: deps.agentDir,
      override: opts.pi?.projectTrust,
      mode: interactive ? "tui" : "print",
      ui: ask ? bridge.context : undefined,
      // with no window (-p), what a handler says is said with the open's warnings (Pi: on stderr)
      notify: (message, level) =>
        interactive ? emit({ type: "ui_notify", level, message }) : this.notices.push({ level, message }),
    })
  }

  /**
   * An event on its way to the windows while the session opens. A toast sent then reaches no
   * window (none subscribes before the open returns): what extensions say on session_start stays
   * in the transcript, as Pi keeps it; what they say before there is one (a project_trust handler)
   * goes there once there is (undefined: kept until then).
   */
  pass(e: SessionEvent, projector: EventProjector | undefined): SessionEvent | undefined {
    if (e.type !== "ui_notify" || !this.active || !this.session.interactive) return e
    if (!projector) return void this.notices.push({ level: e.level, message: e.message })
    return projector.notice(e.level, e.message)
  }

  /** Whether this event is the opening's first question with a window to hand the session to. */
  publishes(e: SessionEvent): boolean {
    if (e.type !== "ui_request" || !this.active || this.published || !this.waitingForPerson) return false
    this.published = true
    return true
  }

  /** With no window (-p): what was said, for the open's warnings. */
  takeSaid(): string[] {
    return this.session.interactive ? [] : this.notices.splice(0).map((n) => n.message)
  }

  /** Before session_start, once there is a transcript: what the trust step said, and that the project was left out. */
  sayKept(notice: (level: Level, text: string) => void): void {
    for (const n of this.notices.splice(0)) notice(n.level, n.message)
    if (this.untrusted && this.session.interactive) notice("warning", UNTRUSTED_NOTICE)
    this.untrusted = false
  }
}
