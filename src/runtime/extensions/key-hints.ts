// The keys extensions see: Pi's key-hint helpers (`keyText`, `keyHint` of pi-coding-agent, and a
// renderer context's own) and a custom component's `keybindings` read pi-tui's process-wide
// keybindings, which only Pi's own window fills with the app's actions. Without this they know
// none of them, and a hint reads "Press  to expand". Here they are xagent's keys (the window's
// defaults under the person's keybindings.json), so a hint names the key that works in the window.
import { KeybindingsManager, setKeybindings, TUI_KEYBINDINGS, type KeybindingDefinitions } from "@earendil-works/pi-tui"
import { readPiKeybindingsIn, XAGENT_KEYS } from "../../util/pi-keybindings"

/** Pi-tui's keybindings for this process: pi-tui's own, xagent's app actions, the person's file. */
export function xagentKeybindings(agentDir: string): KeybindingsManager {
  const app: KeybindingDefinitions = {}
  for (const [action, keys] of Object.entries(XAGENT_KEYS))
    if (action.startsWith("app.")) app[action] = { defaultKeys: keys as never }
  const file = readPiKeybindingsIn(agentDir)
  return new KeybindingsManager({ ...TUI_KEYBINDINGS, ...app }, file.bindings as never)
}

/** Read again at each session start, as Pi reads the file again on /reload. */
export function installXagentKeybindings(agentDir: string): void {
  setKeybindings(xagentKeybindings(agentDir))
}
