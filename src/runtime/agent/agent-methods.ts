// The requests an agent session serves: a prompt, a stop and a dialog's answer, each as the ACP
// request or notification it stands for. Anything else a window may ask of a Pi session (models,
// settings, the tree, commands…) is refused with the reason, never answered with a made-up result.
import { ProtocolError, type Method, type Params, type UiResponse } from "../../protocol/index"
import type { AgentSession } from "./agent-session"

type Handler = (s: AgentSession, p: any) => Promise<unknown>

const HANDLERS: Partial<Record<Method, Handler>> = {
  // A follow-up (or a steer: ACP cannot steer a running turn) waits for the turn's end.
  "session.prompt": async (s, p: Params<"session.prompt">) => {
    s.prompt(p)
    return {}
  },
  // As a Pi session's stop: the queued messages go back to the window that stopped the turn.
  "session.abort": async (s) => {
    const queued = s.takeQueue()
    await s.abort()
    return queued.length ? { editorText: queued.join("\n\n") } : {}
  },
  "session.dequeue": async (s) => ({ steering: [], followUp: s.takeQueue() }),
  // The palette's commands are the agent's own (none of xagent's or Pi's run here): picked, they
  // are typed as `/name args` and sent as prompt text, which is how ACP agents take them.
  "session.commands": async (s) => ({ commands: s.agentState.paletteCommands() }),
  "session.agentSessions": async (s) => s.listOwn(),
  "session.uiRespond": async (s, p: Params<"session.uiRespond">) => {
    s.respond(p.requestId, p.response as UiResponse)
    return {}
  },
}

export function agentRequest(s: AgentSession, method: Method, params: unknown): Promise<unknown> {
  const handler = HANDLERS[method]
  if (!handler)
    throw new ProtocolError(
      "failed",
      `${method} is not available here: this session runs on an external ACP agent (${s.spec.command[0]}), which xagent does not offer it for yet`,
    )
  return handler(s, params)
}
