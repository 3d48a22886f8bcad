// `xagent acp`: the Agent Client Protocol agent for editors (Zed, JetBrains…); see src/acp/.
import type { Command } from "commander"
import { VERSION } from "./version"

export function registerAcpCommand(program: Command): void {
  program
    .command("acp")
    .description("serve the Agent Client Protocol on stdin/stdout, for editors (logs: $XAGENT_HOME/logs/acp.log)")
    .action(async () => {
      const { runAcp } = await import("../acp/main")
      process.exitCode = await runAcp({ version: VERSION })
    })
}
