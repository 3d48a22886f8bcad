// A session's extension commands with their owners (command-owners.ts), read from Pi's runner:
// xagent's and Pi's own first, as Pi loaded them, then the owned ones by owner, so listings and
// the question which of a shared name read the same in every window (Pi's load order follows the
// folder's listing, which the file system orders as it likes).
import type { AgentSession } from "../pi-types"
import { commandOwner, type OwnedCommand } from "./command-owners"

export function sessionCommands(session: AgentSession): OwnedCommand[] {
  const all = session.extensionRunner.getRegisteredCommands().map((c) => {
    const owned: OwnedCommand = { name: c.name, invocationName: c.invocationName }
    const owner = commandOwner(c.sourceInfo)
    if (owner) owned.owner = owner
    if (c.description) owned.description = c.description
    return owned
  })
  const key = (c: OwnedCommand) => c.owner ?? ""
  return all.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0))
}
