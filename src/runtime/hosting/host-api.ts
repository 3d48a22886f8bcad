// The session host's surface, shared by both transports: the local client calls it directly,
// the daemon serves it over the socket. Same shape as Client, minus connection state.
import type { AgentSessionRuntime } from "@earendil-works/pi-coding-agent"
import type { EventEnvelope, Method, Params, Result } from "../../protocol/index"
import type { LiveMark } from "./held-files"

/** Who asks, for a daemon that runs each session in a process of its own (daemon/host-pool.ts). */
export interface RequestOrigin {
  /** The asking window's environment: a session it opens runs with it. */
  env?: Record<string, string>
  /** Sessions this window opened or watched: a request naming none goes to one of their hosts. */
  sessions?: string[]
}

export interface HostApi {
  request<M extends Method>(method: M, params: Params<M>, origin?: RequestOrigin): Promise<Result<M>>
  subscribe(sessionId: string, after: number, onEvent: (e: EventEnvelope) => void): () => void
  /** Live sessions, for `xagent daemon status` and `sessions.list`. */
  live(): {
    sessionId: string
    piSessionId: string
    cwd: string
    file?: string
    running: boolean
    pendingQuestions: number
    /** Entries its file could not take yet: lost if the session ends (see patches/session-writes.ts). */
    unsaved?: number
    subscribers: number
    /** A session on an external ACP agent: opened again by its own id (its journal's), not piSessionId (the agent's). */
    agent?: true
  }[]
  dispose(): Promise<void>
  /**
   * A window that had sessions open left (its connection closed): the daemon's pool starts a
   * spare host with its environment for the next start (daemon/spare-host.ts).
   */
  windowLeft?(env: Record<string, string>): void
}

/** One process's host of live sessions (runtime/hosting/host.ts), which also owns that process's stdout. */
export interface SessionHost extends HostApi {
  /** A notification sequence written to the host's stdout, for the windows of every live session. */
  terminalNotify(sequence: string): void
  /** A live session's Pi runtime, for a front end of Pi's own in this process (`--mode rpc`). */
  runtimeOf(sessionId: string): AgentSessionRuntime
  /** Which of `paths` a live session here holds, with its mark (held-files.ts: the one answer). */
  holds(paths: string[]): Record<string, LiveMark>
}
