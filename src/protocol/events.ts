import type { QueueState, SessionInfo, SessionStats, TranscriptItem } from "./transcript"
import type { ComponentView } from "./component"
import type { UiRequest, UiState, WidgetPlacement, WorkingIndicator } from "./ui"

/** Everything a window needs to draw a session from nothing. */
export interface SessionSnapshot {
  sessionId: string
  info: SessionInfo
  items: TranscriptItem[]
  /** Items of the session before `items[0]` left out of this snapshot (history-window.ts). */
  earlier?: number
  running: boolean
  /** When the current run started (ms since epoch), for the working line. */
  runStartedAt?: number
  queue: QueueState
  stats: SessionStats
  ui: UiState
}

/**
 * How a run ended, in ACP's words where ACP has one (docs/adr-one-reducer.md maps Pi's):
 * the model finished, hit its output limit, refused, the person cancelled it, or it failed.
 */
export type TurnStopReason = "end_turn" | "max_tokens" | "refusal" | "cancelled" | "error"

/** One `type`-tagged union of everything a session host tells its windows. */
export type SessionEvent =
  /** Replaces the whole session view (subscribe, /new, /fork, /session, /tree). */
  | { type: "snapshot"; snapshot: SessionSnapshot }
  | { type: "item_add"; item: TranscriptItem }
  /** Replaces the item with the same id. */
  | { type: "item_update"; item: TranscriptItem }
  /** Appends streamed text to block `blockIndex` of an assistant item (creating the block if new). */
  | { type: "text_delta"; itemId: string; blockIndex: number; blockType: "text" | "thinking"; delta: string }
  | { type: "run"; running: boolean; startedAt?: number }
  | { type: "queue"; queue: QueueState }
  | { type: "info"; info: SessionInfo }
  | { type: "stats"; stats: SessionStats }
  | { type: "ui_request"; request: UiRequest }
  /** Replaces the pending request with the same id (a sign-in that moved on). */
  | { type: "ui_update"; request: UiRequest }
  /** A dialog was answered (by any window), cancelled or timed out: close it. */
  | { type: "ui_resolved"; requestId: string }
  | { type: "ui_notify"; level: "info" | "warning" | "error"; message: string }
  /**
   * An extension fills the windows' prompt: `set` replaces its text (ctx.ui.setEditorText),
   * `paste` inserts at the cursor as a paste would (ctx.ui.pasteToEditor). Nothing is kept: a
   * window that attaches later has its own draft.
   */
  | { type: "ui_editor"; text: string; how: "set" | "paste" }
  | { type: "ui_status"; key: string; text?: string }
  | { type: "ui_widget"; key: string; lines?: string[]; placement: WidgetPlacement }
  | { type: "ui_title"; title: string }
  | { type: "ui_working"; message?: string; visible?: boolean }
  /** A Pi component shown, re-rendered or given to a window's keys: replaces the one with its id. */
  | { type: "component"; component: ComponentView }
  /** A component's new rows alone (a game's frame): the rest of its view is as it was. */
  | { type: "component_lines"; id: string; lines: string[]; width: number }
  /** The component is gone (done(), replaced, the session moved on). */
  | { type: "component_closed"; id: string }
  /** A desktop notification an extension wrote to stdout (common/terminal-notify.ts), for each window's terminal. */
  | { type: "ui_terminal"; sequence: string }
  /**
   * An extension chose a theme (ctx.ui.setTheme): by name (a theme the windows list), or its
   * colours by Pi token (`#rrggbb`, "" for the terminal's own) for a Theme it made. Not kept:
   * a name is saved in Pi's settings, which a window opening later reads.
   */
  | { type: "ui_theme"; name: string; colors?: Record<string, string> }
  /** No indicator restores xagent's spinner. */
  | { type: "ui_working_indicator"; indicator?: WorkingIndicator }
  /** No label restores the default. */
  | { type: "ui_thinking_label"; label?: string }
  /**
   * A run settled (after any retries), or a prompt that started none (a command, an input hook)
   * was handled: once per run. `itemId` names the run's last assistant reply in `items`, if it
   * has one (by id: a long reply sent twice to every window would cost as much as the reply).
   */
  | { type: "turn_end"; stopReason: TurnStopReason; itemId?: string; errorMessage?: string }
  /**
   * A side question's answer (/btw), for the window that asked (`id` is its own; the others
   * ignore it): text as it streams, then `done`, or an `error`. Nothing is kept: the
   * conversation never holds it.
   */
  | { type: "side_answer"; id: string; delta?: string; done?: boolean; error?: string }
  /**
   * The read tool asks an editor for a file's text as the editor holds it (an unsaved buffer,
   * ACP's fs/read_text_file), while one said it can (`session.setEditorFiles`). Answered by
   * `session.editorFile`; windows ignore it, and the host reads the disk if no answer comes.
   */
  | { type: "editor_read"; requestId: string; path: string }
  /** The live session ended (closed, or the host shut down). */
  | { type: "closed"; reason: string }

export interface EventEnvelope {
  type: "event"
  sessionId: string
  seq: number
  event: SessionEvent
}
