// The session file a `session.open` would open, without opening it: the broker daemon asks a
// fresh host this first, so a second window on a live session joins that session's host.
import { resolve } from "node:path"
import { getAgentDir } from "@earendil-works/pi-coding-agent"
import type { Params } from "../../protocol/index"
import { xagentHome } from "../../util/daemon-paths"
import { agentJournalRef } from "../agent/agent-replay"
import {
  mostRecentFile,
  resolveSessionRef,
  sessionById,
  sessionDirFor,
  workspaceOverride,
} from "../files/session-files"

export async function openTarget(p: Params<"session.open">, agentDir = getAgentDir()): Promise<string | undefined> {
  const cwd = resolve(p.cwd)
  const dir = resolve(agentDir)
  const flag = p.pi?.sessionDir
  const trust = p.pi?.projectTrust
  if (p.mode.kind === "continue") return mostRecentFile(sessionDirFor(cwd, dir, flag, trust))
  if (p.mode.kind === "session") {
    // An agent session's journal: the daemon joins the host that has it open, as for a file.
    const journal = agentJournalRef(xagentHome(), p.mode.ref, cwd)
    if (journal) return journal
  }
  if (p.mode.kind === "session") return resolveSessionRef(p.mode.ref, cwd, dir, flag, trust)
  // `--session-id` of a session that exists opens it (a fork always makes a new one).
  if (p.mode.kind === "new" && p.pi?.sessionId && !p.pi.noSession)
    return sessionById(cwd, p.pi.sessionId, sessionDirFor(cwd, dir, flag, trust))
  return undefined
}

/** The folder the target file works in instead of its header's, if any (session-files.ts `workspaceOverride`). */
export function targetWorkspace(path: string, p: Params<"session.open">, agentDir = getAgentDir()): string | undefined {
  return workspaceOverride(path, resolve(p.cwd), resolve(agentDir))
}
