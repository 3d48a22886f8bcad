// Extension UI as protocol data: dialogs are id-correlated requests held by the host until a
// window answers; the rest is fire-and-forget state.
import type { AskAnswer, AskQuestion } from "./ask-user"
import type { ComponentView } from "./component"

/**
 * `timeoutMs`: the dialog closes unanswered after this long; `deadline` (ms since the epoch, the
 * host's clock) is when, so a window that attaches later counts down the time that is left.
 */
export type UiRequest = UiRequestKind & {
  /**
   * Who asks, when it is not the session's own agent: a subagent's profile and title
   * ("explore · Find the configs"). Windows name it on the dialog; absent for the session's own.
   */
  from?: string
}

type UiRequestKind =
  | { id: string; kind: "select"; title: string; options: string[]; timeoutMs?: number; deadline?: number }
  | { id: string; kind: "confirm"; title: string; message: string; timeoutMs?: number; deadline?: number }
  | { id: string; kind: "input"; title: string; placeholder?: string; timeoutMs?: number; deadline?: number }
  | { id: string; kind: "editor"; title: string; prefill?: string }
  /** The ask_user tool's questions; answered by `{answers}` (or `{cancelled: true}`). */
  | { id: string; kind: "ask_user"; questions: AskQuestion[] }
  /**
   * A gated tool call waiting for consent (common/permission.ts): answered by `{value}` with one
   * of PERMISSION_CHOICES; `{cancelled: true}` denies it.
   */
  | { id: string; kind: "permission"; toolCallId: string; toolName: string; title: string; input: unknown }
  /** A subscription sign-in in progress; updated in place (ui_update) until it ends. */
  | LoginRequest

/**
 * What a sign-in flow has told the person so far: the link to open, its instructions, progress
 * lines and, when the flow waits on the person, one field. Answered by `{value}` for the field
 * (an option id for `options`), `{cancelled: true}` to stop the sign-in.
 */
export interface LoginRequest {
  id: string
  kind: "login"
  provider: string
  name: string
  url?: string
  instructions?: string
  progress: string[]
  field?: LoginField
}

export interface LoginField {
  /** Changes with every new question, so a window knows to clear what was typed. */
  key: number
  message: string
  placeholder?: string
  allowEmpty?: boolean
  /** A pasted code or redirect URL, racing the flow's local callback (the browser may finish first). */
  manual?: boolean
  options?: { id: string; label: string }[]
}

/** `reason`: why a question was not answered, in words the model reads (an editor that declined a form). */
export type UiResponse =
  { value: string } | { confirmed: boolean } | { answers: AskAnswer[] } | { cancelled: true; reason?: string }

export type WidgetPlacement = "aboveEditor" | "belowEditor"

export interface WorkingIndicator {
  frames: string[]
  intervalMs?: number
}

export interface UiState {
  /** setStatus segments, by key, in insertion order. */
  status: Record<string, string>
  widgets: Record<string, { lines: string[]; placement: WidgetPlacement }>
  title?: string
  workingMessage?: string
  workingVisible: boolean
  /** The working line's spinner (ctx.ui.setWorkingIndicator): no frames hides it; absent, xagent's own. */
  workingIndicator?: WorkingIndicator
  /** What a folded thinking block is called (ctx.ui.setHiddenThinkingLabel); default "Thinking". */
  thinkingLabel?: string
  pending: UiRequest[]
  /** Pi components the host runs for this session, oldest first (src/protocol/component.ts). */
  components?: ComponentView[]
}

/** Said once a reload is done, whether the person's /reload or an extension's ctx.reload() asked for it. */
export const RELOADED_NOTICE = "Reloaded extensions, skills, prompt templates and settings"
