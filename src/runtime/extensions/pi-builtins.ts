// Pi's built-in extensions, loaded as pi's CLI loads them: `builtin:<name>` resources (the
// `extensions` setting's `-builtin:mcp` and `--no-extensions` turn them off, `pi config` lists
// them) and replaceable, so an extension that registers a tool, command or flag of one of them
// (`/mcp`, `codemode`, `tool_search`) takes its place, and Pi says so, instead of both running.
// Pi's MCP reads the files `pi` reads: <agent dir>/mcp.json, and the project's .pi/mcp.json only in
// a project the session trusts (project-trust.ts). An editor's servers (editor-mcp.ts) register on
// top, as extensions' do. `--no-mcp` leaves MCP out, as in pi.
import {
  createCodemodeExtension,
  createMcpExtension,
  createToolSearchExtension,
  type InlineExtension,
} from "@earendil-works/pi-coding-agent"
import { piBuiltInExtensions } from "../patches/pi-modules"

/** What Pi exports of its set (all but llama.cpp's provider and /llama), when its own list cannot be had. */
const EXPORTED: InlineExtension[] = [
  { name: "codemode", factory: createCodemodeExtension(), replaceable: true, builtin: true },
  { name: "tool-search", factory: createToolSearchExtension(), replaceable: true, builtin: true },
  { name: "mcp", factory: createMcpExtension(), replaceable: true, builtin: true },
]

export function piBuiltins(): InlineExtension[] {
  return piBuiltInExtensions() ?? EXPORTED
}
