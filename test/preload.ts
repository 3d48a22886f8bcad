// Every test process runs against throwaway homes: nothing reads or writes the real ~/.pi or ~/.xagent.
import { mkdirSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const root = mkdtempSync(join(tmpdir(), "xagent-test-"))
process.env.HOME = join(root, "home")
// A home exists, as a person's does (an export to ~/x.md writes there).
mkdirSync(process.env.HOME)
process.env.XAGENT_HOME = join(root, "xagent")
process.env.PI_CODING_AGENT_DIR = join(root, "pi-agent")
process.env.PI_OFFLINE = "1"
process.env.XDG_CONFIG_HOME = join(root, "config")
process.env.XDG_STATE_HOME = join(root, "state")
// A provisional session name is one more model request after a conversation's first turn: tests
// script every request, so it is off unless a test (extensions/session-name) turns it on.
process.env.XAGENT_SESSION_NAMES = "off"
