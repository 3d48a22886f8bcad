// The requests an agent session serves: a prompt, a stop and a dialog's answer, each as the ACP
// request or notification it stands for. Anything else a window may ask of a Pi session (models,
// settings, the tree, commands…) is refused with the reason, never answered with a made-up result.
import { ProtocolError, type Method, type Params, type UiResponse } from "../../protocol/index"
import { terminalText } from "../../common/terminal-text"
import { changeAgentProfile, listAgentProfiles } from "../methods/agent-profile-methods"
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
  // The agent's own settings (agent-state.ts): no Pi model list, only what the agent offers.
  "session.models": async (s) => ({ models: [], levels: [], agent: s.agentState.settings() }),
  "session.setAgentOption": async (s, p: Params<"session.setAgentOption">) => {
    await s.setOption(p.kind, p.value)
    return {}
  },
  // Ctrl+P: the agent's next (or previous) model, in its order.
  "session.cycleModel": async (s, p: Params<"session.cycleModel">) => {
    const { agent, model } = s.agentState.settings()
    if (!model || model.choices.length < 2)
      throw new ProtocolError("failed", `${agent} offers ${model ? "no other model" : "no choice of model"}`)
    const at = model.choices.findIndex((c) => c.value === model.current)
    const step = p.direction === "backward" ? -1 : 1
    const next = model.choices[(at + step + model.choices.length) % model.choices.length]!
    await s.setOption("model", next.value)
    // what the window's toast says: words of the agent's, so made safe for a terminal here
    return { model: { provider: agent, id: terminalText(next.value).replace(/\s+/g, " ") }, scoped: true }
  },
  // `/thinking high`: the agent's effort of that value, when it offers one (its choices otherwise).
  "session.setThinking": async (s, p: Params<"session.setThinking">) => {
    await s.setOption("effort", p.level)
    return {}
  },
  // The /agents page reads and writes profile files in the session's folder: no agent is asked.
  "agents.list": async (s) => listAgentProfiles(s.cwd),
  "agents.change": async (s, p: Params<"agents.change">) => changeAgentProfile(s.cwd, p.change),
  "session.agentSessions": async (s) => s.listOwn(),
  "session.uiRespond": async (s, p: Params<"session.uiRespond">) => {
    s.respond(p.requestId, p.response as UiResponse)
    return {}
  },
  // /copy: the last reply's text as the transcript holds it (the agent's message chunks).
  "session.lastReply": async (s) => {
    const items = s.snapshot().items
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!
      if (item.kind !== "assistant") continue
      const text = item.blocks.flatMap((b) => (b?.type === "text" ? [b.text] : [])).join("")
      if (text.trim()) return { text }
    }
    return {}
  },
}

/**
 * The requests an agent session serves, beside those the host answers for every session (open,
 * subscribe, close, the session list, sign-in): the window greys the commands that need others.
 */
export const AGENT_OFFERS: readonly Method[] = [
  ...(Object.keys(HANDLERS) as Method[]),
  "session.open",
  "session.subscribe",
  "session.unsubscribe",
  "session.close",
  "sessions.list",
  "auth.status",
  "auth.setApiKey",
  "auth.login",
]

export function agentRequest(s: AgentSession, method: Method, params: unknown): Promise<unknown> {
  const handler = HANDLERS[method]
  if (!handler)
    throw new ProtocolError(
      "failed",
      `${method} is not available here: this session runs on an external ACP agent (${s.spec.command[0]}), which xagent does not offer it for yet`,
    )
  return handler(s, params)
}
