// Subagents as a bundled extension: the `agent` tool (tool.ts) starts child Pi sessions in this
// session's process (child.ts) on profiles (profiles.ts), and the children still queued or running
// go to the session's info, where the window draws them as rows under the status line; the ones
// that ended stay there too (the /subagents roster's), rebuilt from the session file on reopening.
import type { ExtensionAPI, ExtensionContext, ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import {
  DEFAULT_MAX_CHILDREN,
  FINISHED_KEPT,
  STEER_COMMAND,
  STOP_COMMAND,
  type ChildState,
  type SubagentsState,
} from "./rules"
import { createSlots, limitFrom, refusingSlots } from "./slots"
import { createStops } from "./stops"
import { createAgentTool, finishedFromResult } from "./tool"

export default function subagents(pi: ExtensionAPI, host?: BundledHost): void {
  const children = new Map<string, ChildState>()
  let finished: ChildState[] = []
  const limit = limitFrom(process.env.XAGENT_SUBAGENTS_MAX, DEFAULT_MAX_CHILDREN)
  // A bad limit keeps the tool (the model is told why it cannot start a child) and says so at start.
  const slots = "limit" in limit ? createSlots(limit.limit) : refusingSlots(limit.error)
  const stops = createStops()
  const steers = new Map<string, (text: string) => Promise<void>>()
  const show = () => {
    const state: SubagentsState | undefined =
      children.size || finished.length
        ? { children: [...children.values()], ...(finished.length ? { finished } : {}) }
        : undefined
    host?.setState(state)
  }
  const rebuild = (ctx: ExtensionContext) => {
    finished = []
    for (const e of ctx.sessionManager.getBranch()) {
      if (e.type !== "message") continue
      const child = finishedFromResult(e.message, Date.parse(e.timestamp) || 0)
      if (child) finished.push(child)
    }
    finished = finished.slice(-FINISHED_KEPT)
    show()
  }
  pi.on("session_start", (_e, ctx) => {
    if ("error" in limit) ctx.ui.notify(`subagents: ${limit.error}`, "error")
    rebuild(ctx)
  })
  pi.on("session_tree", (_e, ctx) => rebuild(ctx))
  pi.registerCommand(STOP_COMMAND, {
    description: "Stop one subagent, its parent told the person stopped it (the /subagents roster's Ctrl+X)",
    handler: async (args, ctx) => {
      const id = args.trim()
      if (!id) return ctx.ui.notify(`Say which subagent: /${STOP_COMMAND} <id> (or Ctrl+X in /subagents)`, "warning")
      // Stopped: its row says so once its call has ended, and its parent's result says who stopped it.
      if (stops.stop(id)) return
      const ended = finished.find((c) => c.id === id)
      ctx.ui.notify(
        ended ? `That subagent has already ended (${ended.status})` : `No subagent ${id} is running`,
        "warning",
      )
    },
  })
  pi.registerCommand(STEER_COMMAND, {
    description: "Send a running subagent a message, taken after its current step (typed in its /subagents view)",
    handler: async (args, ctx) => {
      const text = args.trim()
      const space = text.search(/\s/)
      const id = space < 0 ? text : text.slice(0, space)
      const message = space < 0 ? "" : text.slice(space).trim()
      if (!id || !message)
        return ctx.ui.notify(`Say which subagent and what: /${STEER_COMMAND} <id> <message>`, "warning")
      const steer = steers.get(id)
      if (!steer) {
        const ended = finished.find((c) => c.id === id)
        const live = children.get(id)
        return ctx.ui.notify(
          ended
            ? `That subagent has already ended (${ended.status}): your message was not sent`
            : live
              ? `That subagent takes no messages (${live.status === "queued" ? "it has not started" : "it runs on an external agent"}): your message was not sent`
              : `No subagent ${id} is running: your message was not sent`,
          "warning",
        )
      }
      try {
        await steer(message)
      } catch (e) {
        ctx.ui.notify(`The subagent did not take your message: ${(e as Error).message}`, "error")
      }
    },
  })
  pi.registerTool(
    createAgentTool(
      {
        slots,
        stops,
        steers,
        modelRuntime: () => host?.modelRuntime as ModelRuntime | undefined,
        ...(host ? { host } : {}),
        ...(host?.toolsIn ? { toolsIn: (cwd: string) => host.toolsIn!(cwd) } : {}),
        ...(host?.openSession ? { openSession: host.openSession.bind(host) } : {}),
        ...(host?.runAgent ? { runAgent: host.runAgent.bind(host) } : {}),
        ...(host?.sessions ? { hosted: { sessions: host.sessions, host } } : {}),
        update(id, child, ended) {
          if (ended) {
            children.delete(id)
            finished = [...finished, child].slice(-FINISHED_KEPT)
          } else children.set(id, child)
          show()
        },
      },
      0,
    ),
  )
}
