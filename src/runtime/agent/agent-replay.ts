// An agent session rebuilt from its journal (agent-journal.ts) with no request to the agent:
// the last whole checkpoint, then the events after it through the shared reducer. A line that
// does not parse (the torn last line of a killed host) is skipped and counted, never the rest.
// Also the journals as saved sessions, for `sessions.list` (the -r page, `xagent sessions`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { emptySnapshot, type SavedSession, type SessionSnapshot } from "../../protocol/index"
import { SnapshotState } from "../session/snapshot-state"
import { agentSessionsDir, type AgentMeta, type JournalRecord } from "./agent-journal"

export interface Replayed {
  meta: AgentMeta
  state: SnapshotState
  /** The agent's last session, and what its `initialize` said it can reopen. */
  agent?: { sessionId: string; load: boolean; resume: boolean }
  /** A session/prompt sent with no answer journaled: it may or may not have reached the agent. */
  uncertain?: { turn: string; text: string }
  /** Lines that did not parse. */
  skipped: number
}

function parse(line: string): JournalRecord | undefined {
  try {
    const r = JSON.parse(line) as JournalRecord
    return r && typeof r === "object" && typeof r.k === "string" ? r : undefined
  } catch {
    return undefined
  }
}

/** The small records (everything but events and checkpoints) are read whole; those two only after the last checkpoint. */
const BULKY = /^\{"k":"(ev|cp)"/

export function replayJournal(path: string): Replayed {
  const lines = readFileSync(path, "utf8").split("\n")
  let skipped = 0
  let meta: AgentMeta | undefined
  let agent: Replayed["agent"]
  const sent = new Map<string, string>()
  // the last checkpoint that parses, and where it stands
  let cp: { at: number; snap: SessionSnapshot } | undefined
  for (let i = lines.length - 1; i >= 0 && !cp; i--) {
    if (!lines[i]!.startsWith('{"k":"cp"')) continue
    const r = parse(lines[i]!)
    if (r?.k === "cp") cp = { at: i, snap: r.snap }
  }
  const state = new SnapshotState(cp?.snap ?? emptySnapshot(""), { owned: true })
  lines.forEach((line, i) => {
    if (!line.trim()) return
    if (BULKY.test(line) && i <= (cp?.at ?? -1)) return
    const r = parse(line)
    if (!r) return void skipped++
    switch (r.k) {
      case "meta":
        meta = r
        break
      case "agent":
        agent = { sessionId: r.sessionId, load: r.load, resume: r.resume }
        break
      case "prompt":
        sent.set(r.turn, r.text)
        break
      case "answer":
        sent.delete(r.turn)
        break
      case "ev":
        if (r.e.type !== "snapshot") state.apply(r.e)
        break
    }
  })
  if (!meta) throw new Error(`${path} is not an agent session's journal (no meta line)`)
  const last = [...sent].at(-1)
  return { meta, state, agent, skipped, ...(last ? { uncertain: { turn: last[0], text: last[1] } } : {}) }
}

/** The first line alone: which session, where, and on which agent. */
export function readMeta(path: string): AgentMeta | undefined {
  try {
    const text = readFileSync(path, "utf8")
    const r = parse(text.slice(0, text.indexOf("\n") >>> 0))
    return r?.k === "meta" ? r : undefined
  } catch {
    return undefined
  }
}

/** A path in the agent sessions' folder of `home`, and a journal there. */
export function isAgentJournal(home: string, path: string): boolean {
  const file = resolve(path)
  return file.startsWith(resolve(agentSessionsDir(home)) + "/") && file.endsWith(".jsonl") && existsSync(file)
}

/** `ref` as an agent session's journal: its path, or its session id (xagent's). */
export function agentJournalRef(home: string, ref: string, cwd: string): string | undefined {
  const byPath = resolve(cwd, ref)
  if (isAgentJournal(home, byPath)) return byPath
  if (!/^s-[A-Za-z0-9-]{1,64}$/.test(ref)) return undefined
  const byId = join(agentSessionsDir(home), `${ref}.jsonl`)
  return existsSync(byId) ? byId : undefined
}

/** Every agent session's journal (of `cwd`, or all), newest first. */
export function listAgentSessions(home: string, cwd?: string): SavedSession[] {
  const dir = agentSessionsDir(home)
  if (!existsSync(dir)) return []
  const out: SavedSession[] = []
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".jsonl")) continue
    const path = join(dir, name)
    const meta = readMeta(path)
    if (!meta || (cwd && resolve(meta.cwd) !== resolve(cwd))) continue
    let items: SessionSnapshot["items"] = []
    try {
      items = replayJournal(path).state.items as SessionSnapshot["items"]
    } catch {
      continue
    }
    const first = items.find((i) => i.kind === "user")
    out.push({
      path,
      id: meta.id,
      name: `${meta.command[0]!.split("/").at(-1)} (ACP)`,
      cwd: meta.cwd,
      modified: statSync(path).mtimeMs,
      messageCount: items.filter((i) => i.kind === "user" || i.kind === "assistant").length,
      firstMessage: first?.kind === "user" ? first.text : "(no messages)",
    })
  }
  return out.sort((a, b) => b.modified - a.modified)
}
