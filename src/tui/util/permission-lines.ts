// What `/permissions` says the session's sandbox allows, from the host's SandboxInfo: how commands
// run, where they and the file tools may write, the network, what is always kept from the agent.
import type { SandboxInfo } from "../../protocol"
import { terminalText } from "../../common/terminal-text"

export function permissionLines(sb: SandboxInfo | undefined): string[] {
  if (!sb) return ["The session has not said how it is confined yet."]
  const out: string[] = []
  if (sb.mode === "full") out.push("Now: full access. Commands and file tools run with no boundary in this session.")
  else if (!sb.available)
    out.push(
      `Now: sandboxed, but no sandbox can be made here (${sb.problem ?? "unknown reason"}).` +
        (sb.unsandboxed ? " You agreed to run commands without one." : " Commands are refused until one can be."),
    )
  else out.push("Now: sandboxed. The agent's commands and your ! commands run in bubblewrap.")
  if (sb.mode !== "full") {
    if (sb.scope === "read-only") out.push("Writable: nothing (plan mode: the session is read-only).")
    else if (sb.writable) out.push(`Writable: ${sb.writable.join(", ")}.`)
    const net = sb.network
    if (net) out.push(`Network: ${Array.isArray(net) ? `only ${net.join(", ")}` : net}.`)
    out.push("Never readable: xagent's state, Pi's auth.json and models.json, ~/.ssh, ~/.gnupg, local services.")
  }
  out.push("Network and extra writable folders: sandbox in xagent's settings.json.")
  if (sb.settingsProblem) out.push(`Settings not used: ${sb.settingsProblem}`)
  return out.map((l) => terminalText(l))
}
