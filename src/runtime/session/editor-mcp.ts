// MCP servers an editor gives a session (ACP `mcpServers`, `session.setMcpServers`): registered
// with Pi's own MCP extension through `pi.registerMcpServer`, so they belong to this live session
// only, are never written to any mcp.json, and come back on each conversation the session starts
// (/new, /fork), since Pi forgets registrations when it reloads extensions. They join the servers
// of the person's own mcp.json files (Pi's built-in MCP, pi-builtins.ts).
import type { ExtensionAPI, ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { McpServerSpec } from "../../protocol/index"

/** How long setting servers waits for their tools (Pi's own first-prompt wait for direct servers). */
const READY_MS = 10_000
const POLL_MS = 50

/** Pi reads `${NAME}`, `$NAME` and a leading `!` in env and header values; an editor's values are literal. */
export function literalConfigValue(value: string): string {
  const escaped = value.replaceAll("$", "$$$$")
  return escaped.startsWith("!") ? `$${escaped}` : escaped
}

const literals = (pairs: { name: string; value: string }[]) =>
  Object.fromEntries(pairs.map((p) => [p.name, literalConfigValue(p.value)]))

/** Pi's `mcpServers` entry for one editor server: its tools declared to the model like built-in ones. */
export function piServerConfig(s: McpServerSpec) {
  return s.type === "http"
    ? { url: s.url, headers: literals(s.headers), exposure: "direct" as const }
    : { command: s.command, args: s.args, env: literals(s.env), exposure: "direct" as const }
}

export class EditorMcp {
  private servers: McpServerSpec[] = []
  private pi?: ExtensionAPI

  /** The extension that holds the session's registrations, one per conversation Pi starts. */
  readonly factory: ExtensionFactory = (pi) => {
    this.pi = pi
    for (const s of this.servers) pi.registerMcpServer(s.name, piServerConfig(s))
  }

  /**
   * Replaces the servers; resolves once each new one has tools or READY_MS passed (a failed server
   * is reported by Pi as a notice in every window). Throws, registering nothing, on an invalid one.
   */
  async set(servers: McpServerSpec[]): Promise<void> {
    const names = new Set(servers.map((s) => s.name))
    if (names.size !== servers.length) throw new Error("MCP server names must be unique")
    const pi = this.pi
    if (!pi) throw new Error("The session has not started yet")
    for (const s of this.servers) pi.unregisterMcpServer(s.name)
    this.servers = []
    try {
      for (const s of servers) pi.registerMcpServer(s.name, piServerConfig(s))
    } catch (err) {
      for (const s of servers) pi.unregisterMcpServer(s.name)
      throw err
    }
    this.servers = servers
    const prefixes = servers.map((s) => `mcp__${s.name.replace(/[^A-Za-z0-9_]/g, "_")}__`)
    const deadline = Date.now() + READY_MS
    const ready = () => {
      const tools = pi.getAllTools().map((t) => t.name)
      return prefixes.every((p) => tools.some((t) => t.startsWith(p)))
    }
    while (!ready() && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
  }
}
