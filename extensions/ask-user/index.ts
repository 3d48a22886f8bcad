// ask_user as a bundled extension: the tool goes to sessions whose windows can answer it; the
// questions travel as an `ask_user` dialog through the host, which every window shows in its dock.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { createAskUserTool, type AskUser } from "./tool"

export default function askUser(pi: ExtensionAPI, host?: BundledHost): void {
  // Without xagent's host (plain `pi -e`) there is no dock; in `-p` nobody would answer.
  if (!host || host.mode === "print") return
  const ask: AskUser = async (questions, signal) => {
    const r = await host.request({ kind: "ask_user", questions }, { signal })
    if (r && "answers" in r) return { answers: r.answers }
    return r && "cancelled" in r && r.reason ? { cancelled: true, reason: r.reason } : { cancelled: true }
  }
  pi.registerTool(createAskUserTool(ask))
}
