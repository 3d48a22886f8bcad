// What a live session hooks into Pi beside its extensions, each time it binds a conversation (open,
// /new, /fork, /resume): Pi's events and the agent's own agent_start, failed session-file writes
// said and retried (patches/session-writes.ts), a command's pi.sendUserMessage run waited for
// (patches/extension-sends.ts); and, once per opening, xagent's keys in Pi's key hints.
import { installXagentKeybindings } from "../extensions/key-hints"
import { watchExtensionSends } from "../patches/extension-sends"
import { endSessionWrites, reportSessionWrites, unsavedEntries, type WriteReport } from "../patches/session-writes"
import type { SessionManager } from "@earendil-works/pi-coding-agent"
import type { AgentSession, AgentSessionEvent } from "../pi-types"
import type { RunTracker } from "./run-tracker"

export interface PiHooks {
  /** The run tracker of the conversation's projector (a new one on each bind). */
  runs(): RunTracker
  onEvent(e: AgentSessionEvent): void
  /** A write failed, or went through again. */
  onWrites(r: WriteReport): void
  /** The count of unsaved entries changed (the session's info carries it). */
  onUnsavedChange(): void
}

/** Hooks one conversation; returns what unhooks its events. */
export function hookConversation(s: AgentSession, h: PiHooks): () => void {
  reportSessionWrites(s.sessionManager, h.onWrites, h.onUnsavedChange)
  // so the command that called pi.sendUserMessage is not reported over before the run it asked for
  watchExtensionSends(s, () => h.runs().expect())
  const offSession = s.subscribe(h.onEvent)
  // The session hands events on after its extensions' handlers, so a prompt can resolve before
  // its agent_start arrives there; the agent's own comes first (see RunTracker.agentStarted).
  const offAgent = s.agent.subscribe((e) => void (e.type === "agent_start" && h.runs().agentStarted()))
  return () => {
    offSession()
    offAgent()
  }
}

/** Pi's key hints and components' `keybindings` name xagent's keys (under the person's file). */
export const hookKeyHints = (agentDir: string): void => installXagentKeybindings(agentDir)

/** Entries the session file lacks (kept in memory, retried). */
export const unsavedCount = (sm: SessionManager): number => unsavedEntries(sm)?.count ?? 0

/** The session ends: its writes stop being retried; returns how many entries never reached the file. */
export const endWrites = (sm: SessionManager): number => endSessionWrites(sm)
