// The requests an agent session serves: a prompt, a stop and a dialog's answer, each as the ACP
// request or notification it stands for. Anything else a window may ask of a Pi session (models,
// settings, the tree, commands…) is refused with the reason, never answered with a made-up result.
import { ProtocolError, type Method, type Params, type UiResponse } from "../../protocol/index"
import type { AgentSession } from "./agent-session"

type Handler = (s: AgentSession, p: any) => Promise<unknown>

const HANDLERS: Partial<Record<Method, Handler>> = {
  "session.prompt": async (s, p: Params<"session.prompt">) => {
    if (p.behavior)
      throw new ProtocolError(
        "failed",
        "This agent takes one message at a time: wait for its reply (or stop it with Esc) before sending another",
      )
    s.prompt(p)
    return {}
  },
  "session.abort": async (s) => {
    await s.abort()
    return {}
  },
  // The palette's commands are the agent's own (none of xagent's or Pi's run here): picked, they
  // are typed as `/name args` and sent as prompt text, which is how ACP agents take them.
  "session.commands": async (s) => ({ commands: s.agentState.paletteCommands() }),
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
