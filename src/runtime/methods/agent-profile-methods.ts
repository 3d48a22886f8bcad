// The /agents page's requests: the profiles a person can name, read in the session's folder and
// xagent's home (src/agents, never run), and a new, copied or deleted profile file there.
import { ProtocolError, type Params } from "../../protocol/index"
import { changeProfile } from "../../agents/profile-files"
import { profileRows } from "../../agents/profile-rows"
import { xagentHome } from "../../util/daemon-paths"
import { homeDir } from "../../util/paths"
import type { LiveSession } from "../session/live-session"
import type { Handlers } from "./session-methods"

const folders = (cwd: string) => ({ home: xagentHome(), cwd, userHome: homeDir() })

/** The listing in `cwd`: a Pi session's folder, or an agent session's (they list the same files). */
export const listAgentProfiles = async (cwd: string) => profileRows(folders(cwd))

export async function changeAgentProfile(cwd: string, change: Params<"agents.change">["change"]) {
  try {
    return changeProfile(folders(cwd), change)
  } catch (e) {
    throw new ProtocolError("failed", (e as Error).message)
  }
}

export const AGENT_PROFILE_METHODS = {
  "agents.list": async (live: LiveSession) => listAgentProfiles(live.cwd),
  "agents.change": async (live: LiveSession, p) => changeAgentProfile(live.cwd, p.change),
} satisfies Pick<Handlers, "agents.list" | "agents.change">
