// What a paired browser may ask of its session: the requests of a person at a window who reads,
// writes prompts, stops a reply and answers questions and approvals, and nothing that changes how
// the session is confined (permission mode, sandbox, approval policy, settings, packages) or
// reaches another session. Each call is checked as the socket checks a window's (TypeBox), then
// held to the device's session.
import { PERMISSION_CHOICES } from "../../common/permission"
import { ProtocolError, type Method, type UiRequest } from "../../protocol"
import { checkParams } from "../validate"

export const DEVICE_METHODS: readonly Method[] = [
  "session.prompt",
  "session.abort",
  "session.uiRespond",
  "session.earlier",
  "session.dequeue",
  "sessions.list",
]

/** A permission answer that changes the session's approval policy ("allow always") is the window's alone. */
const DEVICE_PERMISSION_CHOICES = new Set<string>(PERMISSION_CHOICES.filter((c) => c !== "allow_always"))

export interface DeviceScope {
  sessionId: string
  cwd: string
  /** The session's open dialogs, by id (the daemon's own view of its events). */
  pending(id: string): UiRequest | undefined
}

/** The call as it goes to the host, or a ProtocolError saying why not. */
export function deviceCall(method: unknown, params: unknown, scope: DeviceScope): { method: Method; params: any } {
  if (typeof method !== "string" || !(DEVICE_METHODS as readonly string[]).includes(method))
    throw new ProtocolError("refused", `${String(method).slice(0, 60)} is not a remote device's to call`)
  const p = (params && typeof params === "object" && !Array.isArray(params) ? { ...params } : {}) as Record<string, any>
  if (method === "sessions.list") {
    // the session list of the paired session's folder, and no other
    const out = { cwd: scope.cwd }
    return { method, params: out }
  }
  if (p.sessionId !== scope.sessionId) throw new ProtocolError("refused", "this device is paired with another session")
  // a window's own id (what a replacement of the session is stamped with) is not the device's to claim
  delete p.window
  const problem = checkParams(method, p)
  if (problem) throw new ProtocolError("bad_request", `${method}: ${problem}`)
  if (method === "session.uiRespond") {
    const request = scope.pending(p.requestId)
    if (!request) throw new ProtocolError("not_found", "that question is no longer open")
    if (request.kind === "login") throw new ProtocolError("refused", "a sign-in is answered in the terminal window")
    if (request.kind === "permission" && "value" in p.response && !DEVICE_PERMISSION_CHOICES.has(p.response.value))
      throw new ProtocolError(
        "refused",
        "a remote device may allow a call once or refuse it, not change the approval policy",
      )
  }
  return { method: method as Method, params: p }
}
