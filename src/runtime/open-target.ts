// The session file a `session.open` would open, without opening it: the broker daemon asks a
// fresh host this first, so a second window on a live session joins that session's host.
import { resolve } from "node:path"
import { getAgentDir } from "@earendil-works/pi-coding-agent"
import type { Params } from "../protocol"
import { mostRecentFile, resolveSessionRef, sessionById, sessionDirFor } from "./session-files"

export async function openTarget(p: Params<"session.open">, agentDir = getAgentDir()): Promise<string | undefined> {
  const cwd = resolve(p.cwd)
  const dir = resolve(agentDir)
  const flag = p.pi?.sessionDir
  if (p.mode.kind === "continue") return mostRecentFile(sessionDirFor(cwd, dir, flag))
  if (p.mode.kind === "session") return resolveSessionRef(p.mode.ref, cwd, dir, flag)
  // `--session-id` of a session that exists opens it (a fork always makes a new one).
  if (p.mode.kind === "new" && p.pi?.sessionId && !p.pi.noSession)
    return sessionById(cwd, p.pi.sessionId, sessionDirFor(cwd, dir, flag))
  return undefined
}
