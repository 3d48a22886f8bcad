// The /agents page's requests: the profiles a person can name, read in the session's folder and
// xagent's home (src/agents, never run), and a new, copied or deleted profile file there.
import { homedir } from "node:os"
import { ProtocolError } from "../../protocol/index"
import { changeProfile } from "../../agents/profile-files"
import { profileRows } from "../../agents/profile-rows"
import { xagentHome } from "../../util/daemon-paths"
import type { LiveSession } from "../session/live-session"
import type { Handlers } from "./session-methods"

const folders = (live: LiveSession) => ({ home: xagentHome(), cwd: live.cwd, userHome: homedir() })

export const AGENT_PROFILE_METHODS = {
  "agents.list": async (live) => profileRows(folders(live)),
  "agents.change": async (live, p) => {
    try {
      return changeProfile(folders(live), p.change)
    } catch (e) {
      throw new ProtocolError("failed", (e as Error).message)
    }
  },
} satisfies Pick<Handlers, "agents.list" | "agents.change">
