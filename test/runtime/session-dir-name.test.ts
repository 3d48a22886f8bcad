// xagent names a folder's session dir itself (src/runtime/files/session-files.ts: the host takes its
// agent dir explicitly, Pi's own function reads it from the environment), so the two names must
// stay equal, or xagent and pi would each see only their own sessions of a folder.
import { expect, test } from "bun:test"
import { SessionManager } from "@earendil-works/pi-coding-agent"
import { sessionDirFor } from "../../src/runtime/files/session-files"

const CWDS = [
  "/home/someone/project",
  "/home/someone/my project with spaces",
  "/srv/ünïcødé/日本語/émoji 🚀",
  "/a/b:c/d",
  "/back\\slash/mixed\\/seps/",
  "/",
  "relative/path",
  "C:\\Users\\someone\\code",
]

test("the session dir of a folder is the one Pi itself uses, for odd folder names too", () => {
  // Pi's default follows PI_CODING_AGENT_DIR, which test/preload.ts points at a temp dir
  const agentDir = process.env.PI_CODING_AGENT_DIR!
  expect(process.env.PI_CODING_AGENT_SESSION_DIR).toBeUndefined()
  for (const cwd of CWDS)
    expect([cwd, sessionDirFor(cwd, agentDir)]).toEqual([cwd, SessionManager.create(cwd).getSessionDir()])
})
