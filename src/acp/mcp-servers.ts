// An editor's `mcpServers` (ACP session/new, load, resume) as the host's McpServerSpec: stdio and
// http, which Pi's MCP client speaks; sse is not advertised (Pi rejects that transport) and refused.
import { RequestError } from "@agentclientprotocol/sdk"
import type { McpServerSpec } from "../protocol"

type Pair = { name: string; value: string }

const bad = (why: string) => RequestError.invalidParams(undefined, `mcpServers: ${why}`)

function pairs(v: unknown, what: string): Pair[] {
  if (v == null) return []
  if (!Array.isArray(v) || !v.every((p) => typeof p?.name === "string" && typeof p?.value === "string"))
    throw bad(`${what} must be a list of {name, value} texts`)
  return v.map((p: Pair) => ({ name: p.name, value: p.value }))
}

/** Pi's names are letters, digits, `_` and `-`; an editor's may be anything, and two may clash after that. */
function piName(name: string, taken: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 60) || "server"
  let n = base
  for (let i = 2; taken.has(n.replaceAll("-", "_")); i++) n = `${base}-${i}`
  taken.add(n.replaceAll("-", "_"))
  return n
}

export function mcpSpecs(servers: unknown): McpServerSpec[] {
  if (servers == null) return []
  if (!Array.isArray(servers)) throw bad("must be a list")
  const taken = new Set<string>()
  return servers.map((s: Record<string, unknown>, i): McpServerSpec => {
    if (typeof s?.name !== "string" || !s.name) throw bad(`server ${i} has no name`)
    const type = s.type ?? "stdio"
    if (type === "sse") throw bad(`"${s.name}" uses sse, which xagent does not support (mcpCapabilities.sse is false)`)
    if (type === "http") {
      if (typeof s.url !== "string" || !/^https?:\/\//.test(s.url)) throw bad(`"${s.name}" needs an http(s) url`)
      return { type, name: piName(s.name, taken), url: s.url, headers: pairs(s.headers, "headers") }
    }
    if (type !== "stdio") throw bad(`"${s.name}" has unknown type ${JSON.stringify(type)}`)
    if (typeof s.command !== "string" || !s.command) throw bad(`"${s.name}" needs a command`)
    if (s.args != null && !(Array.isArray(s.args) && s.args.every((a) => typeof a === "string")))
      throw bad(`"${s.name}" args must be texts`)
    return {
      type,
      name: piName(s.name, taken),
      command: s.command,
      args: (s.args as string[] | undefined) ?? [],
      env: pairs(s.env, "env"),
    }
  })
}
