// `xagent acp`: the Agent Client Protocol agent for editors (Zed, JetBrains…); see src/acp/.
import type { Command } from "commander"
import { VERSION } from "./version"

export function registerAcpCommand(program: Command): void {
  program
    .command("acp")
    .description("serve the Agent Client Protocol on stdin/stdout, for editors (logs: $XAGENT_HOME/logs/acp.log)")
    // An `xagent acp` that is itself a daemon session's engine (`xagent --agent xagent`) already
    // lives in a session host, which outlives windows; its own sessions belong in its process,
    // since the daemon refuses sessions to the processes its sessions start.
    .option("--no-daemon", "keep the sessions in this process instead of the background daemon")
    .action(async (_opts: unknown, cmd: Command) => {
      const { runAcp } = await import("../acp/main")
      // The window's own --no-daemon has the same name: commander gives it to whichever it meets
      // first, so both are read.
      const connect =
        cmd.optsWithGlobals().daemon !== false
          ? undefined
          : async () => {
              const { createWorkerClient } = await import("../client/worker-client")
              return createWorkerClient({})
            }
      const code = await runAcp({ version: VERSION, connect })
      // Stdin closed means the editor is gone: no timer, socket or stray handle of a session's
      // leaving may keep this process alive after it (an editor restart would pile them up).
      process.exit(code)
    })
}
