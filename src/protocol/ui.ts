// Extension UI as protocol data: dialogs are id-correlated requests held by the host until a
// window answers; the rest is fire-and-forget state.
import type { AskAnswer, AskQuestion } from "./ask-user"

export type UiRequest =
  | { id: string; kind: "select"; title: string; options: string[]; timeoutMs?: number }
  | { id: string; kind: "confirm"; title: string; message: string; timeoutMs?: number }
  | { id: string; kind: "input"; title: string; placeholder?: string; timeoutMs?: number }
  | { id: string; kind: "editor"; title: string; prefill?: string }
  /** The ask_user tool's questions; answered by `{answers}` (or `{cancelled: true}`). */
  | { id: string; kind: "ask_user"; questions: AskQuestion[] }

export type UiResponse = { value: string } | { confirmed: boolean } | { answers: AskAnswer[] } | { cancelled: true }

export type WidgetPlacement = "aboveEditor" | "belowEditor"

export interface UiState {
  /** setStatus segments, by key, in insertion order. */
  status: Record<string, string>
  widgets: Record<string, { lines: string[]; placement: WidgetPlacement }>
  title?: string
  workingMessage?: string
  workingVisible: boolean
  pending: UiRequest[]
}
