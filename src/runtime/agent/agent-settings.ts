// Setting one of the agent's settings from the window (`/model`, `/thinking`, Shift+Tab): only an
// option the agent advertised, only to a value it offered, sent as session/set_config_option (or
// session/set_mode for its older modes). What the session then shows is what the agent confirmed.
import * as acp from "@agentclientprotocol/sdk"
import { ProtocolError, type AgentSettingKind } from "../../protocol/index"
import { terminalText } from "../../common/terminal-text"
import { errorText } from "../../util/error-text"
import type { AgentState } from "./agent-state"

/** What the window is told when the agent offers no such setting. */
const NOT_OFFERED: Record<AgentSettingKind, string> = {
  model: "offers no choice of model",
  effort: "offers no thinking or effort setting",
  mode: "offers no modes",
}

export async function setAgentSetting(
  cx: acp.ClientContext,
  state: AgentState,
  sessionId: string,
  kind: AgentSettingKind,
  value: string,
): Promise<void> {
  // Refusals reach a window's toast as they are: the agent's words in them are made safe here.
  const name = state.settings().agent
  const setting = state.setting(kind)
  const target = state.target(kind)
  if (!setting || !target) throw new ProtocolError("failed", `${name} ${NOT_OFFERED[kind]}`)
  if (!sessionId)
    throw new ProtocolError("failed", `${name} has no session open yet: send a message first, then choose`)
  if (!setting.choices.some((c) => c.value === value))
    throw new ProtocolError(
      "bad_request",
      `${name} does not offer ${JSON.stringify(value)}: choose one of ${setting.choices.map((c) => c.name).join(", ")}`,
    )
  try {
    if ("configId" in target) {
      const r = await cx.request(acp.methods.agent.session.setConfigOption, {
        sessionId,
        configId: target.configId,
        value,
      })
      state.confirmed(r.configOptions)
    } else {
      await cx.request(acp.methods.agent.session.setMode, { sessionId, modeId: value })
      state.modeConfirmed(value)
    }
  } catch (err) {
    const said = terminalText(err instanceof acp.RequestError ? err.message : errorText(err))
    throw new ProtocolError("failed", `${name} did not change its ${kind}: ${said}`)
  }
}
