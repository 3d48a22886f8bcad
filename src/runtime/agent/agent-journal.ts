// An agent session on disk (docs/adr-acp-client.md, "Durable by design"): one append-only JSON
// Lines file per session, so a daemon or host restart rebuilds it without asking the agent. What is
// kept is the events windows were sent (the projection's output, which rebuilds the snapshot
// exactly through the shared reducer), a checkpoint of the snapshot every so many of them (replay
// parses only what follows the last one), and the ACP identities a restart needs: the agent's
// session id and what it can reopen, and each session/prompt sent and answered (one sent and never
// answered is reported as of uncertain delivery, never sent again).
//
// The records: `meta` (first line: the session and how to start its agent), `agent` (an agent
// session opened), `ev` (an event), `cp` (a checkpoint), `prompt` / `answer` (a turn sent, a
// turn answered). The file may hold the agent's environment: it is the owner's alone (0600 in a
// 0700 folder).
import { closeSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from "node:fs"
import { join } from "node:path"
import type { SessionEvent, SessionSnapshot } from "../../protocol/index"

export interface AgentMeta {
  k: "meta"
  v: 1
  id: string
  cwd: string
  command: string[]
  env?: Record<string, string>
  created: number
}

export type JournalRecord =
  | AgentMeta
  | { k: "agent"; sessionId: string; load: boolean; resume: boolean }
  | { k: "ev"; e: SessionEvent }
  | { k: "cp"; snap: SessionSnapshot }
  | { k: "prompt"; turn: string; text: string }
  | { k: "answer"; turn: string; stop: string }

/** Events between checkpoints: a restart parses at most this many after the last one. */
export const CHECKPOINT_EVERY = 500

export function agentSessionsDir(home: string): string {
  return join(home, "agent-sessions")
}

/** Session ids are the host's (`s-` and hex): anything else never names a file here. */
export function agentJournalPath(home: string, id: string): string {
  if (!/^s-[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`not a session id: ${JSON.stringify(id)}`)
  return join(agentSessionsDir(home), `${id}.jsonl`)
}

/** A journal's first line, how its agent is started; undefined when there is none or it does not read. */
export function readAgentMeta(path: string): AgentMeta | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path, "r")
    const buf = Buffer.alloc(64 * 1024)
    const n = readSync(fd, buf, 0, buf.length, 0)
    const line = buf.subarray(0, n).toString("utf8").split("\n")[0]!
    const meta = JSON.parse(line) as AgentMeta
    return meta.k === "meta" && Array.isArray(meta.command) ? meta : undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export class AgentJournalFile {
  private fd: number | undefined
  private sinceCheckpoint = 0

  private constructor(
    readonly path: string,
    private readonly snapshot: () => SessionSnapshot,
    private readonly log: (msg: string) => void,
  ) {}

  /** A new session's file, its `meta` line first. */
  static create(home: string, meta: AgentMeta, snapshot: () => SessionSnapshot, log: (m: string) => void) {
    mkdirSync(agentSessionsDir(home), { recursive: true, mode: 0o700 })
    const file = new AgentJournalFile(agentJournalPath(home, meta.id), snapshot, log)
    file.fd = openSync(file.path, "wx", 0o600)
    file.write(meta)
    return file
  }

  /** A restored session's file, appended to where it ended (after a checkpoint of what was rebuilt). */
  static reopen(path: string, snapshot: () => SessionSnapshot, log: (m: string) => void) {
    const file = new AgentJournalFile(path, snapshot, log)
    file.fd = openSync(path, "a", 0o600)
    // A torn last line would swallow the first record written after it.
    file.writeRaw("\n")
    file.checkpoint()
    return file
  }

  event(e: SessionEvent): void {
    this.write({ k: "ev", e })
    if (++this.sinceCheckpoint >= CHECKPOINT_EVERY) this.checkpoint()
  }

  record(r: Exclude<JournalRecord, { k: "ev" } | { k: "cp" } | AgentMeta>): void {
    this.write(r)
  }

  checkpoint(): void {
    this.sinceCheckpoint = 0
    this.write({ k: "cp", snap: this.snapshot() })
  }

  /** At a turn's end (and when the session ends): what was written survives a power cut. */
  sync(): void {
    if (this.fd === undefined) return
    try {
      fsyncSync(this.fd)
    } catch (err) {
      this.log(`agent journal ${this.path}: fsync failed: ${(err as Error).message}`)
    }
  }

  close(): void {
    if (this.fd === undefined) return
    this.sync()
    closeSync(this.fd)
    this.fd = undefined
  }

  private write(r: JournalRecord) {
    this.writeRaw(JSON.stringify(r) + "\n")
  }

  private writeRaw(text: string) {
    if (this.fd === undefined) return
    try {
      writeSync(this.fd, text)
    } catch (err) {
      // A full disk loses the journal's tail, not the live session.
      this.log(`agent journal ${this.path}: write failed: ${(err as Error).message}`)
    }
  }
}
