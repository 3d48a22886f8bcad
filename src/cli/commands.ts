// Subcommands beside the root command, one file each. They are loaded only when the command line
// may name one: their imports (the socket client, the protocol schemas) cost ~40 ms that the
// window's first frame should not pay.
import type { Command } from "commander"
import { PI_COMMANDS } from "./pi-command-names"

/** Every subcommand name registered below (a test keeps this list whole). */
export const SUBCOMMANDS = [
  "daemon",
  "attach",
  "sessions",
  "worktree",
  "acp",
  "agents",
  "doctor",
  "help",
  ...PI_COMMANDS,
]

export function mayNameSubcommand(argv: string[]): boolean {
  return argv.some((a) => SUBCOMMANDS.includes(a) || a === "-h" || a === "--help")
}

/** `xagent --help` itself (no subcommand's help): the one that lists the extensions' flags. */
export function asksRootHelp(argv: string[]): boolean {
  const end = argv.indexOf("--")
  const own = end === -1 ? argv : argv.slice(0, end)
  return !SUBCOMMANDS.includes(argv[0] ?? "") && own.some((a) => a === "-h" || a === "--help")
}

export async function registerCommands(program: Command, argv: string[] = []): Promise<void> {
  const { registerDaemonCommands } = await import("./daemon-commands")
  registerDaemonCommands(program)
  const { registerWorktreeCommands } = await import("./worktree-commands")
  registerWorktreeCommands(program)
  const { registerAcpCommand } = await import("./acp-command")
  registerAcpCommand(program)
  const { registerAgentsCommand } = await import("./agents-command")
  registerAgentsCommand(program)
  const { registerDoctorCommand } = await import("./doctor-command")
  registerDoctorCommand(program)
  const { registerPiCommands } = await import("./pi-package-commands")
  registerPiCommands(program, argv)
}
