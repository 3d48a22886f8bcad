// `xagent acp`: the Agent Client Protocol agent for editors (Zed, JetBrains…); see src/acp/.
import type { Command } from "commander"
import { VERSION } from "./version"

export function registerAcpCommand(program: Command): void {
  program
    .command("acp")
    .description("serve the Agent Client Protocol on stdin/stdout, for editors (logs: $XAGENT_HOME/logs/acp.log)")
    .action(async () => {
      const { runAcp } = await import("../acp/main")
      const code = await runAcp({ version: VERSION })
      // Stdin closed means the editor is gone: no timer, socket or stray handle of a session's
      // leaving may keep this process alive after it (an editor restart would pile them up).
      process.exit(code)
    })
}
