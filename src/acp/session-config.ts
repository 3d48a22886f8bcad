// A session's settings as ACP config options and modes (model, thinking level, plan mode), and
// the slash commands it offers. The mode is this agent's own: plan mode's prompts are rewritten
// here (agent.ts), so a mode change sends its updates from here too.
import { RequestError } from "@agentclientprotocol/sdk"
import type { AcpSession } from "./acp-session"
import type { AgentDeps, EditorSession } from "./agent-state"
import { configOptions, type AcpMode } from "./turn-map"

/** Commands xagent itself runs from prompt text (the rest are Pi's: extensions, templates, skills). */
const OWN_COMMANDS = [
  { name: "compact", description: "Compact the conversation's context", input: { hint: "instructions (optional)" } },
]

export async function config(deps: AgentDeps, s: EditorSession) {
  const client = await deps.client()
  const m = await client.request("session.models", { sessionId: s.hostId })
  return configOptions({ ...m, thinking: s.info.thinkingLevel, mode: s.mode })
}

export async function announceCommands(deps: AgentDeps, s: AcpSession): Promise<void> {
  const client = await deps.client()
  const { commands } = await client.request("session.commands", { sessionId: s.hostId })
  s.notify({
    sessionUpdate: "available_commands_update",
    availableCommands: [
      ...OWN_COMMANDS,
      ...commands.map((c) => ({ name: c.name, description: c.description ?? c.name, input: { hint: "arguments" } })),
    ],
  })
}

/** session/set_config_option (and set_mode): the value checked against the options offered now. */
export async function setOption(deps: AgentDeps, s: EditorSession, configId: unknown, value: unknown) {
  const options = await config(deps, s)
  const option = options.find((o) => o.id === configId)
  if (!option)
    throw RequestError.invalidParams(
      undefined,
      `Unknown config option ${JSON.stringify(configId)}; xagent has ${options.map((o) => o.id).join(", ")}`,
    )
  if (typeof value !== "string" || !option.options.some((o) => o.value === value))
    throw RequestError.invalidParams(
      undefined,
      `${JSON.stringify(value)} is not a value of ${option.id}: ${option.options.map((o) => o.value).join(", ")}`,
    )
  const client = await deps.client()
  if (option.id === "model") {
    const cut = value.indexOf("/")
    await client.request("session.setModel", {
      sessionId: s.hostId,
      provider: value.slice(0, cut),
      id: value.slice(cut + 1),
    })
  } else if (option.id === "thought_level")
    await client.request("session.setThinking", { sessionId: s.hostId, level: value as never })
  if (option.id === "mode" && s.mode !== value) return setMode(deps, s, value as AcpMode)
  // A new model or thinking level is the host's to report (its info event): one update per change.
  return config(deps, s)
}

/** The mode is this agent's own (nothing in the host changes): its updates go from here. */
async function setMode(deps: AgentDeps, s: EditorSession, mode: AcpMode) {
  s.mode = mode
  s.notify({ sessionUpdate: "current_mode_update", currentModeId: s.mode })
  const next = await config(deps, s)
  s.notify({ sessionUpdate: "config_option_update", configOptions: next })
  return next
}
