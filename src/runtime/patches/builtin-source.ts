// xagent runs Pi's read, bash, edit and write in its sandbox by handing Pi its own copies of them
// (Pi's tool definitions with sandboxed operations) as the session's custom tools, and Pi
// labels every custom tool `sourceInfo.source: "sdk"`. To an extension those tools are still
// Pi's built-ins: one that gives child agents the host's `source === "builtin"` tools found no
// read, bash, edit or write and refused to run. So after Pi builds its tool registry, each
// stand-in is labelled as Pi labels the built-in it stands for. What runs is unchanged.
// Relies on Pi 1.6.0's `AgentSession._refreshToolRegistry()` filling `_toolDefinitions`
// (name → {definition, sourceInfo}) with the very definitions passed as `customTools`.
import { AgentSession, type SourceInfo, type ToolDefinition } from "@earendil-works/pi-coding-agent"
import { patchOn } from "../../util/patch-switch"

const standIns = new WeakSet<object>()

/** Marks `def` as xagent's copy of Pi's built-in tool of the same name. */
export function piBuiltinStandIn<T extends ToolDefinition>(def: T): T {
  standIns.add(def)
  return def
}

/** Pi's own label of a built-in tool (`createSyntheticSourceInfo("builtin:<name>", {source: "builtin"})`). */
export const builtinSourceInfo = (name: string): SourceInfo => ({
  path: `builtin:${name}`,
  source: "builtin",
  scope: "temporary",
  origin: "top-level",
  baseDir: undefined,
})

type Entry = { definition: object; sourceInfo: SourceInfo }
type Refreshing = { _toolDefinitions?: Map<string, Entry> }

let installed = false

/** Wraps Pi's registry refresh once per process (switch `BUILTIN_SOURCE`). */
export function installBuiltinSource(env: NodeJS.ProcessEnv = process.env): void {
  if (installed || !patchOn("BUILTIN_SOURCE", env)) return
  const proto = AgentSession.prototype as unknown as Record<string, unknown>
  const refresh = proto._refreshToolRegistry
  if (typeof refresh !== "function")
    throw new Error("Pi's AgentSession._refreshToolRegistry is gone: see docs/patches.md (BUILTIN_SOURCE)")
  proto._refreshToolRegistry = function (this: Refreshing, ...args: unknown[]) {
    const result = refresh.apply(this, args)
    const defs = this._toolDefinitions
    if (defs)
      for (const [name, entry] of defs)
        if (standIns.has(entry.definition)) defs.set(name, { ...entry, sourceInfo: builtinSourceInfo(name) })
    return result
  }
  installed = true
}
