// The ACP agents xagent knows by name: each needs no file, and a user's or project's file of the
// same name replaces it. The programs are the agents' own ACP front ends, as their packages install them.
// `xagent acp` keeps its sessions in its own process: it runs in a session host of the daemon,
// which would refuse it sessions (a daemon opens none for processes its sessions started).
import type { AcpProfile } from "./profile"

const known: [name: string, description: string, color: string, command: string, ...args: string[]][] = [
  ["claude", "Claude Code over ACP (claude-agent-acp)", "orange", "claude-agent-acp"],
  ["codex", "Codex over ACP (codex-acp)", "blue", "codex-acp"],
  ["gemini", "Gemini CLI over ACP (gemini --acp)", "cyan", "gemini", "--acp"],
  ["opencode", "OpenCode over ACP (opencode acp)", "yellow", "opencode", "acp"],
  ["pi", "Pi over ACP (pi-acp)", "magenta", "pi-acp"],
  ["xagent", "xagent over ACP (xagent acp)", "green", "xagent", "acp", "--no-daemon"],
]

export function builtinProfiles(): AcpProfile[] {
  return known.map(([name, description, color, command, ...args]) => ({
    name,
    description,
    color,
    source: "built-in",
    kind: "acp",
    command,
    args,
    env: {},
  }))
}
