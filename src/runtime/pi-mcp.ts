// Pi's built-in MCP over the files `pi` reads: <agent dir>/mcp.json, and the project's .pi/mcp.json
// only in a project Pi trusts. xagent asks no trust question of its own, so a project's servers
// connect once the person trusted the folder in `pi` (its trust.json) or set defaultProjectTrust
// to "always"; otherwise they are left out and the session says so. An editor's servers
// (editor-mcp.ts) register on top, as extensions' do. `--no-mcp` leaves the extension out.
import {
  createMcpExtension,
  hasTrustRequiringProjectResources,
  ProjectTrustStore,
  SettingsManager,
  type ExtensionAPI,
  type ExtensionContext,
  type ExtensionFactory,
} from "@earendil-works/pi-coding-agent"
import { existsSync } from "node:fs"
import { join } from "node:path"

/** Pi's decision for a folder when it may not ask: the stored one, else its defaults. */
export function isProjectTrusted(cwd: string, agentDir: string): boolean {
  const stored = new ProjectTrustStore(agentDir).get(cwd)
  if (stored !== null) return stored
  if (!hasTrustRequiringProjectResources(cwd)) return true
  return SettingsManager.create(cwd, agentDir, { projectTrusted: false }).getDefaultProjectTrust() === "always"
}

const piMcp = createMcpExtension()

/**
 * Pi's MCP extension, seeing the project as trusted only where Pi would; `--approve` (true) and
 * `--no-approve` (false) decide for the run, as they do in pi.
 */
export function piMcpExtension(agentDir: string, approve?: boolean): ExtensionFactory {
  return (pi) => {
    const trusted = (ctx: ExtensionContext) => approve ?? isProjectTrusted(ctx.cwd, agentDir)
    const withTrust = (ctx: ExtensionContext): ExtensionContext =>
      new Proxy(ctx, {
        get(target, prop) {
          if (prop === "isProjectTrusted") return () => trusted(target)
          const v = Reflect.get(target, prop, target)
          return typeof v === "function" ? v.bind(target) : v
        },
      })
    pi.on("session_start", (_e, ctx) => {
      if (existsSync(join(ctx.cwd, ".pi", "mcp.json")) && !trusted(ctx))
        ctx.ui.notify(
          "The servers of .pi/mcp.json are not connected: Pi does not trust this project yet. Trust it in `pi` or run with " +
            '--approve (or set "defaultProjectTrust": "always" in Pi\'s settings), then /reload.',
          "warning",
        )
    })
    const api = new Proxy(pi, {
      get(target, prop) {
        if (prop !== "on") return Reflect.get(target, prop, target)
        return (event: string, handler: (e: unknown, ctx: ExtensionContext) => unknown) =>
          (target.on as (ev: string, h: (e: unknown, ctx: ExtensionContext) => unknown) => void)(event, (e, ctx) =>
            handler(e, withTrust(ctx)),
          )
      },
    }) as ExtensionAPI
    return piMcp(api)
  }
}
