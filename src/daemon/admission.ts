// Which connections the daemon takes. Any local process of the user may connect, and one that
// opens hundreds and says nothing must not lock the person's own windows out. So: a connection
// must speak (a first request, normally its hello) within a deadline or it is closed; the agent's
// processes (untrusted peers) have a cap of their own, so they never use up the person's; and at
// a cap the oldest connection that has not spoken yet makes room for the new one, which is
// refused only when every one of its group has spoken.
import type { PeerVerdict } from "./peer"

export interface AdmissionLimits {
  /** Connections of trusted peers at once. */
  max: number
  /** Connections of untrusted peers (the agent's processes, unverifiable ones) at once. */
  maxUntrusted: number
  /** How long a connection may stay silent; 0: no deadline. */
  helloMs: number
}

/** What the admission needs of a connection. */
export interface Admitted {
  readonly peer: PeerVerdict
  /** It sent a first request. */
  readonly spoke: boolean
  /** Let go by the daemon, with the reason for the log. */
  drop(reason: string): void
}

export class Admission<C extends Admitted> {
  private readonly timers = new Map<C, Timer>()

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly open: () => Iterable<C>,
  ) {}

  /**
   * Room for a new connection of `peer`: undefined when there is (a silent one may have been let
   * go for it), else why it is refused.
   */
  room(peer: PeerVerdict): string | undefined {
    const group = [...this.open()].filter((c) => c.peer.trusted === peer.trusted)
    const max = peer.trusted ? this.limits.max : this.limits.maxUntrusted
    if (group.length < max) return undefined
    const silent = group.find((c) => !c.spoke)
    if (!silent) return `${max} ${peer.trusted ? "" : "untrusted "}connections are open already`
    silent.drop("it had said nothing, and a new connection needed its place")
    return undefined
  }

  /** Starts the deadline of a connection just taken. */
  started(conn: C): void {
    if (!this.limits.helloMs) return
    const timer = setTimeout(() => {
      this.timers.delete(conn)
      if (!conn.spoke) conn.drop(`it said nothing for ${this.limits.helloMs} ms`)
    }, this.limits.helloMs)
    // A silent connection is no reason to keep the daemon awake.
    timer.unref?.()
    this.timers.set(conn, timer)
  }

  /** The connection spoke or left: its deadline is over. */
  settled(conn: C): void {
    const timer = this.timers.get(conn)
    if (timer) clearTimeout(timer)
    this.timers.delete(conn)
  }
}
