// The session file a `session.open` would open, without opening it: the broker daemon asks a
// fresh host this first, so a second window on a live session joins that session's host.
import { resolve } from "node:path"
import { getAgentDir } from "@earendil-works/pi-coding-agent"
import type { Params } from "../protocol"
import { mostRecentFile, resolveSessionRef, sessionDirFor } from "./session-files"

export async function openTarget(p: Params<"session.open">, agentDir = getAgentDir()): Promise<string | undefined> {
  const cwd = resolve(p.cwd)
  const dir = resolve(agentDir)
  if (p.mode.kind === "continue") return mostRecentFile(sessionDirFor(cwd, dir))
  if (p.mode.kind === "session") return resolveSessionRef(p.mode.ref, cwd, dir)
  return undefined
}
