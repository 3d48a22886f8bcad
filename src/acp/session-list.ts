// session/list: the saved sessions, and before them the ones Pi has not written yet (live ones
// before their first reply, ids session/new gave out), a page at a time.
import { RequestError } from "@agentclientprotocol/sdk"
import { absoluteCwd, type AgentDeps } from "./agent-state"
import { unprompted, unsaved } from "./session-finder"

const PAGE = 50

export async function listSessions(deps: AgentDeps, p: { cwd?: string | null; cursor?: string | null }) {
  if (p.cwd != null) absoluteCwd(p.cwd)
  const offset = p.cursor == null ? 0 : Number(p.cursor)
  if (!Number.isInteger(offset) || offset < 0)
    throw RequestError.invalidParams(undefined, `cursor ${JSON.stringify(p.cursor)} is not one xagent gave`)
  const client = await deps.client()
  const { sessions: files } = await client.request("sessions.list", p.cwd ? { cwd: p.cwd } : { all: true })
  // Sessions opened but not prompted yet are the newest of all, not yet on disk.
  const now = new Date().toISOString()
  const live = await unsaved(deps, files, p.cwd ?? undefined)
  const all = [
    ...live.map((x) => ({ sessionId: x.piSessionId!, cwd: x.cwd, title: null, updatedAt: now })),
    // Given out and never prompted, held by nothing now: newest first.
    ...unprompted(deps, files, live, p.cwd ?? undefined)
      .sort((a, b) => b.created.localeCompare(a.created))
      .map((x) => ({ sessionId: x.id, cwd: x.cwd, title: null, updatedAt: x.created })),
    ...files.map((x) => ({
      sessionId: x.id,
      cwd: x.cwd,
      title: x.name ?? (x.firstMessage.split("\n")[0]!.slice(0, 80) || null),
      updatedAt: new Date(x.modified).toISOString(),
    })),
  ]
  const page = all.slice(offset, offset + PAGE)
  return { sessions: page, nextCursor: offset + PAGE < all.length ? String(offset + PAGE) : null }
}
