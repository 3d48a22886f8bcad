// Pi's built-in MCP over the files `pi` reads: <agent dir>/mcp.json, and the project's .pi/mcp.json
// only in a project the session trusts (ctx.isProjectTrusted(), decided as Pi decides it: see
// project-trust.ts). An editor's servers (editor-mcp.ts) register on top, as extensions' do.
// `--no-mcp` leaves the extension out.
import { createMcpExtension, type ExtensionFactory } from "@earendil-works/pi-coding-agent"

const piMcp = createMcpExtension()

export function piMcpExtension(): ExtensionFactory {
  return piMcp
}
