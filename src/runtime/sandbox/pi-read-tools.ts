// The sandbox's read deny list (read-guard.ts) in front of Pi's read, grep, find and ls. They run
// in the host, so without it the agent could read what its bash cannot: xagent's state, Pi's
// auth.json, ~/.ssh. `read` (active by default) is replaced through customTools and checks the
// path it is about to read; grep, find and ls are off by default, and a custom tool would turn
// them on, so a tool_call hook refuses them instead, whoever turned them on.
import { createReadToolDefinition, type ExtensionFactory, type ToolDefinition } from "@earendil-works/pi-coding-agent"
import { readRefusal, toolPath } from "./read-guard"
import type { SessionSandbox } from "./session-sandbox"

/** grep and find walk the folder they are given: a denied folder below it is refused too. */
const WALKS: Record<string, boolean> = { grep: true, find: true, ls: false }

export function guardedReadTool(cwd: string, sb: SessionSandbox): ToolDefinition {
  const read = createReadToolDefinition(cwd) as unknown as ToolDefinition
  return {
    ...read,
    async execute(id, params, signal, onUpdate, ctx) {
      const denied = sb.readDenied(cwd)
      const why = denied && (await readRefusal(denied, toolPath((params as { path?: string }).path, cwd)))
      if (why) throw new Error(why)
      return read.execute(id, params, signal, onUpdate, ctx)
    },
  }
}

export function readDenyHook(sb: SessionSandbox): ExtensionFactory {
  return (pi) => {
    pi.on("tool_call", async (event, ctx) => {
      const walks = WALKS[event.toolName]
      if (walks === undefined) return undefined
      const denied = sb.readDenied(ctx.cwd)
      const path = (event.input as { path?: string }).path
      const why = denied && (await readRefusal(denied, toolPath(path, ctx.cwd), walks))
      return why ? { block: true, reason: why } : undefined
    })
  }
}
