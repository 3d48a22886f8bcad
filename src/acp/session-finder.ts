// Which session an editor's id names. Besides the saved ones, an editor knows ids Pi has not
// written yet: a live session before its first reply (Pi writes a file with it), and one
// session/new gave out that nothing holds any more (kept by new-sessions.ts, opened again empty).
import { RequestError } from "@agentclientprotocol/sdk"
import type { LiveSessionStatus, SavedSession } from "../protocol"
import { errorText } from "../util/error-text"
import type { AgentDeps } from "./agent-state"
import type { NewSessionEntry } from "./new-sessions"

export type FoundSession = { file: SavedSession } | { live: LiveSessionStatus } | { fresh: NewSessionEntry }

/** Live sessions Pi has not written yet (it writes one with its first reply), by folder. */
export async function unsaved(deps: AgentDeps, saved: SavedSession[], cwd?: string): Promise<LiveSessionStatus[]> {
  const files = new Set(saved.map((x) => x.path))
  const ids = new Set(saved.map((x) => x.id))
  const live = await deps.live?.().catch((err) => (deps.log(`live sessions: ${errorText(err)}`), []))
  return (live ?? []).filter(
    (x) => x.piSessionId && !ids.has(x.piSessionId) && !(x.file && files.has(x.file)) && (!cwd || x.cwd === cwd),
  )
}

/** Keeps an id session/new gave out, so a later load finds it before Pi saves it. */
export function remember(deps: AgentDeps, id: string, cwd: string): void {
  try {
    deps.newSessions?.remember(id, cwd)
  } catch (err) {
    deps.log(`could not record new session ${id}: ${errorText(err)}`)
  }
}

/** Ids session/new gave out that are neither saved nor live: each opens again, empty. */
export function unprompted(
  deps: AgentDeps,
  saved: SavedSession[],
  live: LiveSessionStatus[],
  cwd?: string,
): NewSessionEntry[] {
  const known = new Set([...saved.map((x) => x.id), ...live.map((x) => x.piSessionId)])
  return (deps.newSessions?.all() ?? []).filter((x) => {
    if (!saved.some((f) => f.id === x.id)) return !known.has(x.id) && (!cwd || x.cwd === cwd)
    deps.newSessions?.forget(x.id)
    return false
  })
}

/**
 * A saved session, a live one not saved yet (joined by its host's handle), or one session/new
 * gave out that nothing holds any more (opened again under its id).
 */
export async function findSession(deps: AgentDeps, sessionId: unknown): Promise<FoundSession> {
  if (typeof sessionId !== "string" || !sessionId) throw RequestError.invalidParams(undefined, "sessionId must be text")
  const client = await deps.client()
  const { sessions: all } = await client.request("sessions.list", { all: true })
  const found = all.find((x) => x.id === sessionId)
  if (found) {
    deps.newSessions?.forget(sessionId)
    return { file: found }
  }
  const live = (await unsaved(deps, all)).find((x) => x.piSessionId === sessionId)
  if (live) return { live }
  const fresh = deps.newSessions?.recall(sessionId)
  if (fresh) return { fresh }
  throw RequestError.sessionNotFound(sessionId)
}
