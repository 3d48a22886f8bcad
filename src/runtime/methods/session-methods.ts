// Requests addressed to one live session, by family: a window's prompts and answers
// (prompt-methods.ts), how the session runs (setting-methods.ts), its conversation
// (conversation-methods.ts), the Pi packages of its folder (package-methods.ts), /doctor's checks
// (doctor-methods.ts), /context's report (context-methods.ts). Effects reach windows as events;
// results carry only what the caller asked for. Every failure is a ProtocolError with a message a person can act on.
import { AGENT_PROFILE_METHODS } from "./agent-profile-methods"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { Params, Result } from "../../protocol/index"
import { CONTEXT_METHODS } from "./context-methods"
import { CONVERSATION_METHODS } from "./conversation-methods"
import { DOCTOR_METHODS } from "./doctor-methods"
import type { LiveSession } from "../session/live-session"
import { PACKAGE_METHODS } from "./package-methods"
import { PROMPT_METHODS } from "./prompt-methods"
import { SETTING_METHODS } from "./setting-methods"

export interface HostContext {
  agentDir: string
  modelRuntime: ModelRuntime
  /** The bubblewrap binary the sessions' sandbox uses (default XAGENT_BWRAP, else `bwrap` on PATH). */
  bwrap?: string
  /** The live session (other than `except`) that has this file open, if any. */
  liveByFile(path: string, except?: string): LiveSession | undefined
}

type SessionMethod =
  | "session.prompt"
  | "session.bash"
  | "session.bashOutside"
  | "session.setPermissions"
  | "session.setApproval"
  | "session.setMcpServers"
  | "session.fileChange"
  | "session.setEditorFiles"
  | "session.editorFile"
  | "session.abort"
  | "session.shortcut"
  | "session.complete"
  | "session.dequeue"
  | "session.queueEdit"
  | "session.saveUnsaved"
  | "session.commands"
  | "session.models"
  | "session.setModel"
  | "session.setThinking"
  | "session.cycleModel"
  | "session.setAgentOption"
  | "session.reload"
  | "settings.list"
  | "settings.set"
  | "session.theme"
  | "session.compact"
  | "session.new"
  | "session.switch"
  | "session.agentSessions"
  | "session.openAgentSession"
  | "session.forkPoints"
  | "session.fork"
  | "session.tree"
  | "session.navigate"
  | "session.setName"
  | "session.export"
  | "session.lastReply"
  | "session.btw"
  | "session.diff"
  | "session.earlier"
  | "session.userImages"
  | "session.usage"
  | "session.doctor"
  | "session.context"
  | "session.uiRespond"
  | "session.componentInput"
  | "session.componentResize"
  | "agents.list"
  | "agents.change"
  | "packages.list"
  | "packages.toggle"
  | "packages.run"

export type Handlers = {
  [M in SessionMethod]: (live: LiveSession, p: Params<M>, host: HostContext) => Promise<Result<M>>
}

export const SESSION_METHODS: Handlers = {
  ...PROMPT_METHODS,
  ...SETTING_METHODS,
  ...CONVERSATION_METHODS,
  ...PACKAGE_METHODS,
  ...DOCTOR_METHODS,
  ...CONTEXT_METHODS,
  ...AGENT_PROFILE_METHODS,
}
