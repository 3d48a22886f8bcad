// An extension's `pi.sendUserMessage`, or its `pi.sendMessage` with `triggerTurn` (bundled or the
// person's own, from a command or an event handler; `/plan implement` is one), starts a run that Pi does not announce until the run begins, and Pi's extension API
// calls it without waiting. A command that calls it returns at once, so without a word the host
// would report the command's prompt over before the run it asked for (an editor over ACP would get
// its answer with none of the run's text). Pi has no event for "a run was asked for", so the
// session's own `sendUserMessage` and `sendCustomMessage` are wrapped on its instance: every
// extension's call ends there. Relies on Pi 1.6.0's extension runtime calling
// `this.sendUserMessage(…)` and `this.sendCustomMessage(…)` on the AgentSession (looked up at each
// call, so an own property on the instance wins over the prototype's method).
import { patchOn } from "../../util/patch-switch"
import type { AgentSession } from "../pi-types"

/**
 * Tells `onSend` before each of the session's sendUserMessage calls, and each sendCustomMessage
 * that asks for a run (switch `EXTENSION_SENDS`).
 */
export function watchExtensionSends(
  session: AgentSession,
  onSend: () => void,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (!patchOn("EXTENSION_SENDS", env)) return
  if (typeof session.sendUserMessage !== "function")
    throw new Error("Pi's AgentSession.sendUserMessage is gone: see docs/patches.md (EXTENSION_SENDS)")
  const send = session.sendUserMessage.bind(session)
  session.sendUserMessage = (content, options) => {
    onSend()
    return send(content, options)
  }
  if (typeof session.sendCustomMessage !== "function")
    throw new Error("Pi's AgentSession.sendCustomMessage is gone: see docs/patches.md (EXTENSION_SENDS)")
  const sendCustom = session.sendCustomMessage.bind(session)
  session.sendCustomMessage = (message, options) => {
    // Only a message that starts a run: one kept for the next turn, or only appended, asks for none.
    if (options?.triggerTurn && options.deliverAs !== "nextTurn") onSend()
    return sendCustom(message, options)
  }
}
