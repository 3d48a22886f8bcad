// The sandbox's settings: `sandbox` in $XAGENT_HOME/settings.json, a file the sandbox hides and
// the workspace does not hold, so the agent cannot widen its own jail.
//
//   { "sandbox": { "network": "on" | "off" | ["github.com", "*.npmjs.org"], "writable": ["~/.cache"],
//                  "writableGitConfig": false } }
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { resolveFrom } from "../../util/paths"
import { parseHostEntry } from "./host-list"
import type { NetworkPolicy } from "./policy"
import { errorText } from "../../util/error-text"

export interface SandboxSettings {
  network: NetworkPolicy
  writable: string[]
  /** The agent may write the repository's `.git/config` and `.git/hooks` (off by default). */
  writableGitConfig?: boolean
  /** Set when the file could not be used; the strict defaults (network off) apply then. */
  problem?: string
}

export function readSandboxSettings(xagentHome: string, env: NodeJS.ProcessEnv = process.env): SandboxSettings {
  const file = join(xagentHome, "settings.json")
  if (!existsSync(file)) return { network: { kind: "on" }, writable: [] }
  try {
    const raw = (JSON.parse(readFileSync(file, "utf8")) as { sandbox?: unknown }).sandbox ?? {}
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error(`"sandbox" must be an object`)
    const {
      network = "on",
      writable = [],
      writableGitConfig = false,
    } = raw as { network?: unknown; writable?: unknown; writableGitConfig?: unknown }
    if (!Array.isArray(writable) || writable.some((w) => typeof w !== "string" || !w))
      throw new Error(`"sandbox.writable" must be a list of folders`)
    if (typeof writableGitConfig !== "boolean") throw new Error(`"sandbox.writableGitConfig" must be true or false`)
    return {
      network: networkOf(network),
      writable: writable.map((w: string) => resolveFrom("/", w, env)),
      ...(writableGitConfig ? { writableGitConfig } : {}),
    }
  } catch (err) {
    const why = errorText(err)
    return {
      network: { kind: "off" },
      writable: [],
      problem: `${file}: ${why}; the sandbox runs with the network off until it is fixed`,
    }
  }
}

function networkOf(v: unknown): NetworkPolicy {
  if (v === "on" || v === true) return { kind: "on" }
  if (v === "off" || v === false) return { kind: "off" }
  if (Array.isArray(v)) return { kind: "hosts", hosts: [...new Set(v.map(parseHostEntry))] }
  throw new Error(`"sandbox.network" must be "on", "off" or a list of hosts`)
}
