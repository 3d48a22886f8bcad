// Subagents as a bundled extension: the `agent` tool (tool.ts) starts child Pi sessions in this
// session's process (child.ts) on profiles (profiles.ts), and the children still queued or running
// go to the session's info, where the window draws them as rows under the status line.
import type { ExtensionAPI, ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { DEFAULT_MAX_CHILDREN, type ChildState, type SubagentsState } from "./rules"
import { createSlots, limitFrom, refusingSlots } from "./slots"
import { createAgentTool } from "./tool"

export default function subagents(pi: ExtensionAPI, host?: BundledHost): void {
  const children = new Map<string, ChildState>()
  const limit = limitFrom(process.env.XAGENT_SUBAGENTS_MAX, DEFAULT_MAX_CHILDREN)
  // A bad limit keeps the tool (the model is told why it cannot start a child) and says so at start.
  const slots = "limit" in limit ? createSlots(limit.limit) : refusingSlots(limit.error)
  const show = () => {
    const state: SubagentsState | undefined = children.size ? { children: [...children.values()] } : undefined
    host?.setState(state)
  }
  pi.on("session_start", (_e, ctx) => {
    if ("error" in limit) ctx.ui.notify(`subagents: ${limit.error}`, "error")
    show()
  })
  pi.registerTool(
    createAgentTool(
      {
        slots,
        modelRuntime: () => host?.modelRuntime as ModelRuntime | undefined,
        update(id, child) {
          if (child) children.set(id, child)
          else children.delete(id)
          show()
        },
      },
      0,
    ),
  )
}
