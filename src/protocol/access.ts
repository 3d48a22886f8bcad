// Who may call what. Every request and daemon method is classified here, and the daemon lets a
// process the agent started (an untrusted peer, see daemon/peer.ts) call only the "read" ones:
// anything without an entry, or with any other entry, is refused (default deny). A method added
// to the schemas without an entry does not compile (the `satisfies` below), and if one slipped
// past the types it would still be refused at run time (daemon/connection.ts).
import type { DaemonMethod } from "./daemon"
import type { Method } from "./requests"

/** "read" observes; "mutate" runs code, writes files, changes a session or reveals secrets. */
export type Access = "read" | "mutate"
export type AnyMethod = Method | DaemonMethod
/** One entry per method, no more and no fewer. */
export type AccessTable = { readonly [M in AnyMethod]: Access }

export const ACCESS = {
  // Says which protocol and client this is; the verdict on the peer is already taken.
  hello: "read",
  ping: "read",
  // Pids, folders and session ids: what the agent could read from the daemon's files anyway.
  "daemon.status": "read",
  "daemon.stop": "mutate",
  // Remote control: the link is a secret, and starting it or letting a device in is the
  // person's act, never the agent's (its processes are untrusted peers).
  "remote.start": "mutate",
  "remote.stop": "mutate",
  "remote.status": "mutate",
  "remote.decide": "mutate",
  "remote.revoke": "mutate",
  // Loads the folder's Pi extensions (and any `extensions` paths) into the host: code the caller chooses.
  "session.open": "mutate",
  // A subscription only watches; it does keep the session from ending as unwatched, which is
  // what any window does, and it ends with the connection.
  "session.subscribe": "read",
  // Ends only this connection's own subscription.
  "session.unsubscribe": "read",
  "session.close": "mutate",
  "session.prompt": "mutate",
  "session.bash": "mutate",
  // Runs a command outside the sandbox, or turns the sandbox off: only a person at a window.
  "session.bashOutside": "mutate",
  "session.setPermissions": "mutate",
  // Turns the consent gate off as well as on: only a person's front end.
  "session.setApproval": "mutate",
  // Starts the processes (or reaches the URLs) it names, outside the sandbox, as Pi's mcp.json does.
  "session.setMcpServers": "mutate",
  // Reveals a file's text and hands each change out once (a peer would take the editor's diff).
  "session.fileChange": "mutate",
  // What the model reads: only the person's editor may say what a file holds.
  "session.setEditorFiles": "mutate",
  "session.editorFile": "mutate",
  "session.abort": "mutate",
  // Runs an extension's handler: what the person's key does, never the agent's.
  "session.shortcut": "mutate",
  // Runs the extensions' completion providers: their code, on the person's draft.
  "session.complete": "mutate",
  // Hands the queued messages back and empties the queue: it changes what the session will do.
  "session.dequeue": "mutate",
  // Changes, drops or sends a queued message: what the session will do next.
  "session.queueEdit": "mutate",
  // Writes a file (the session's copy) where the host chooses: a person quitting, not the agent.
  "session.saveUnsaved": "mutate",
  "session.commands": "read",
  // Models and whether each is usable; no key leaves the host.
  "session.models": "read",
  "session.setModel": "mutate",
  "session.setThinking": "mutate",
  "session.cycleModel": "mutate",
  // Changes what an external agent runs with (its model, effort or mode), as /model does a Pi session's.
  "session.setAgentOption": "mutate",
  // Loads the folder's extensions again: code the caller chooses.
  "session.reload": "mutate",
  // Pi's settings (models, thinking, retry, compaction): nothing secret in them.
  "settings.list": "read",
  // Token counts and costs from session files the agent's processes can read anyway.
  "session.usage": "read",
  // Runs bubblewrap and git to see that they work, and connects to the daemon's socket.
  "session.doctor": "mutate",
  // Counts and names (tools, skills, the system prompt's files), never a file's text: what the
  // session file and the folder already show the agent.
  "session.context": "read",
  // Writes Pi's settings.json.
  "settings.set": "mutate",
  // Sets the theme Pi components draw with, and may write Pi's settings.json.
  "session.theme": "mutate",
  "session.compact": "mutate",
  "session.new": "mutate",
  "session.switch": "mutate",
  // The agent's session titles: what sessions.list shows of xagent's own.
  "session.agentSessions": "read",
  // Starts the agent's program again (with the environment its profile gave it).
  "session.openAgentSession": "mutate",
  "session.forkPoints": "read",
  "session.fork": "mutate",
  "session.tree": "read",
  "session.navigate": "mutate",
  "session.setName": "mutate",
  // Writes a file wherever the caller says.
  "session.export": "mutate",
  "session.lastReply": "read",
  // Spends the person's model tokens.
  "session.btw": "mutate",
  // Runs git (with no program the repository names) and reads the folder's files: the agent's
  // processes can read those anyway, but a peer has no reason to make the host run git.
  "session.diff": "mutate",
  "session.earlier": "read",
  "session.userImages": "read",
  // Answers the session's questions and dialogs: the very thing the agent must not do for itself.
  "session.uiRespond": "mutate",
  // Keys for an extension's component: they run its code and answer it, as a person at a window.
  "session.componentInput": "mutate",
  // Runs the components' render code at the new size.
  "session.componentResize": "mutate",
  // Settings and package manifests, read as Pi's resolver reads them: no package is installed,
  // loaded or run (its tools come from what the session already loaded). Pi may ask npm where
  // its global root is, to find a package installed there by an older Pi.
  // Profile files in xagent's folders and Claude Code's: what the agent's processes can read anyway.
  "agents.list": "read",
  // Writes or deletes a profile file: a profile chooses what a subagent may run.
  "agents.change": "mutate",
  "packages.list": "read",
  // Writes Pi's settings.json (or the project's): what loads at the next reload.
  "packages.toggle": "mutate",
  // npm and git, with the package's install scripts; writes settings.
  "packages.run": "mutate",
  // Saved sessions' names and first messages: the agent can read the session files as this user.
  "sessions.list": "read",
  // Which providers have a sign-in, never the keys themselves.
  "auth.status": "read",
  "auth.setApiKey": "mutate",
  // Writes credentials into auth.json and opens a local callback port.
  "auth.login": "mutate",
} as const satisfies AccessTable

/** The class of `method` in `table`; undefined for a method the table does not name. */
export function accessOf(method: string, table: Readonly<Record<string, Access>> = ACCESS): Access | undefined {
  return Object.hasOwn(table, method) ? table[method] : undefined
}
