// Extensions' keyboard shortcuts (registerShortcut): the keys a session has, and running one of
// them for the window whose key it was.
import { ProtocolError } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import type { AgentSession } from "../pi-types"

/** The extensions' keys; which of them a window binds itself is the window's to judge. */
export function extensionShortcuts(s: AgentSession) {
  return s.extensionRunner.getShortcuts({})
}

/** Runs the handler of an extension's shortcut; returns at once, as Pi does not wait on it. */
export function runShortcut(s: AgentSession, key: string, onError: (text: string) => void): void {
  const runner = s.extensionRunner
  const shortcut = extensionShortcuts(s).get(key.toLowerCase() as never)
  if (!shortcut) throw new ProtocolError("not_found", `No extension shortcut ${key} in this session`)
  Promise.resolve()
    .then(() => shortcut.handler(runner.createContext()))
    .catch((err) => onError(`Shortcut handler error (${key}): ${errorText(err)}`))
}
