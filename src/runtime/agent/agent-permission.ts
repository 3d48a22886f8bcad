// An ACP agent's `session/request_permission` as a window's dialog, and the window's answer as
// the agent's own option. Options of the three kinds xagent's approval dialog offers (allow once,
// allow always, reject once), one of each, show as that dialog; any other set of options shows
// as a choice of the agent's own names. Nothing is picked for the person: a dismissed dialog
// rejects once if the agent offers that, else it is the cancelled outcome.
import type * as acp from "@agentclientprotocol/sdk"
import { PERMISSION_CHOICES, isPermissionChoice } from "../../common/permission"
import { terminalText } from "../../common/terminal-text"
import { ProtocolError, type UiRequest, type UiResponse } from "../../protocol/index"

export interface PermissionAsk {
  request: UiRequest
  /** The agent's answer for a window's response; a ProtocolError for one that fits no option. */
  answer(response: UiResponse): acp.RequestPermissionResponse
}

export function permissionAsk(
  id: string,
  params: acp.RequestPermissionRequest,
  toolTitle: string | undefined,
): PermissionAsk {
  const options = params.options
  const title = terminalText(params.toolCall.title ?? toolTitle ?? "A tool call")
  const cancelled = (): acp.RequestPermissionResponse => {
    const reject = options.find((o) => o.kind === "reject_once") ?? options.find((o) => o.kind === "reject_always")
    return reject
      ? { outcome: { outcome: "selected", optionId: reject.optionId } }
      : { outcome: { outcome: "cancelled" } }
  }
  const kinds = options.map((o) => o.kind as string)
  const fits =
    kinds.length === PERMISSION_CHOICES.length &&
    PERMISSION_CHOICES.every((c) => kinds.filter((k) => k === c).length === 1)
  if (fits)
    return {
      request: {
        id,
        kind: "permission",
        toolCallId: params.toolCall.toolCallId,
        toolName: title,
        title,
        input: params.toolCall.rawInput ?? {},
      },
      answer(response) {
        if ("cancelled" in response) return cancelled()
        if (!("value" in response) || !isPermissionChoice(response.value))
          throw new ProtocolError("bad_request", `Answer with one of ${PERMISSION_CHOICES.join(", ")}`)
        const chosen = options.find((o) => o.kind === response.value)!
        return { outcome: { outcome: "selected", optionId: chosen.optionId } }
      },
    }
  // The agent's names, each once (a repeated name gets its place in the list after it).
  const labels = options.map((o, i) => {
    const name = terminalText(o.name).replace(/\s+/g, " ").trim() || o.optionId
    return options.slice(0, i).some((p) => p.name === o.name) ? `${name} (${i + 1})` : name
  })
  return {
    // A title that is already a question (an extension's "…Allow?") is not asked twice.
    request: { id, kind: "select", title: /\?\s*$/.test(title) ? title.trim() : `${title}: allow?`, options: labels },
    answer(response) {
      if ("cancelled" in response) return cancelled()
      const at = "value" in response ? labels.indexOf(response.value) : -1
      if (at === -1) throw new ProtocolError("bad_request", `Answer with one of: ${labels.join(", ")}`)
      return { outcome: { outcome: "selected", optionId: options[at]!.optionId } }
    },
  }
}
