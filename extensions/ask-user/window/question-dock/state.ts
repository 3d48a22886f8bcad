// The dock's state as plain data, and what it means: which choices are selected, which notes show,
// whether a question is complete. Every change goes through `actions.ts`.
import {
  allowsCustom,
  answerOf,
  stagedProblem,
  type AskAnswer,
  type AskQuestion,
  type StagedAnswer,
} from "../../../../src/protocol/ask-user"
import type { Pan } from "../sketch/viewport"

export type Focus =
  | { kind: "choice"; index: number }
  | { kind: "custom" }
  | { kind: "note"; index: number }
  | { kind: "review"; index: number }
  | { kind: "action" }

export interface Page extends StagedAnswer {
  notes: Record<number, string>
  focus: Focus
  /** First body line shown. */
  scroll: number
}

export interface DockState {
  /** 0..questions.length-1 for questions; questions.length is the review step. */
  tab: number
  pages: Page[]
  review: { focus: Focus; scroll: number }
  /** Caret offset in the focused text field. */
  cursor: number
  hover?: number
  pan: Pan
  message?: { text: string; tone: "error" | "info" }
  /** Esc was pressed with answers staged: the next Esc discards them, any other key keeps them. */
  confirmCancel?: boolean
}

export function initialState(questions: AskQuestion[]): DockState {
  return {
    tab: 0,
    pages: questions.map((q) => ({
      selected: [],
      custom: "",
      notes: {},
      // A question with no choices (an agent's form asking for text) starts in its typed field.
      focus: q.choices.length ? { kind: "choice", index: 0 } : { kind: "custom" },
      scroll: 0,
    })),
    review: { focus: { kind: "action" }, scroll: 0 },
    cursor: 0,
    pan: { x: 0, y: 0 },
  }
}

export const sameFocus = (a: Focus, b: Focus) =>
  a.kind === b.kind && ("index" in a ? a.index : -1) === ("index" in b ? b.index : -1)

export const isReview = (questions: AskQuestion[], s: DockState) => s.tab >= questions.length

export const isSelected = (q: AskQuestion, p: Page, index: number) =>
  q.multiple ? p.selected.includes(index) : !p.customChosen && p.selected[0] === index

/** The custom answer is part of the answer: single when chosen, multiple when it has text. */
export const customSelected = (q: AskQuestion, p: Page) => (q.multiple ? p.custom.trim() !== "" : !!p.customChosen)

/** Notes shown (and answered): those opened on a selected choice. */
export const visibleNotes = (q: AskQuestion, p: Page) =>
  Object.keys(p.notes)
    .map(Number)
    .filter((i) => isSelected(q, p, i))
    .sort((a, b) => a - b)

/** Every focus target of a page, top to bottom, as drawn. */
export function pageTargets(q: AskQuestion, p: Page): Focus[] {
  const notes = new Set(visibleNotes(q, p))
  const targets: Focus[] = []
  q.choices.forEach((_, index) => {
    targets.push({ kind: "choice", index })
    if (notes.has(index)) targets.push({ kind: "note", index })
  })
  if (allowsCustom(q)) targets.push({ kind: "custom" })
  targets.push({ kind: "action" })
  return targets
}

export function reviewTargets(questions: AskQuestion[]): Focus[] {
  return [...questions.map((_, index) => ({ kind: "review" as const, index })), { kind: "action" as const }]
}

/** Anything the person would lose by cancelling: a choice, typed text or a note. */
export const hasStaged = (s: DockState) =>
  s.pages.some((p) => p.selected.length > 0 || p.custom.trim() !== "" || Object.values(p.notes).some((n) => n.trim()))

export const isTextFocus = (f: Focus) => f.kind === "custom" || f.kind === "note"

/** The text of a text field, or undefined for other targets. */
export function fieldText(p: Page, f: Focus): string | undefined {
  if (f.kind === "custom") return p.custom
  if (f.kind === "note") return p.notes[f.index] ?? ""
  return undefined
}

export const pageProblem = (q: AskQuestion, p: Page) => stagedProblem(q, { ...p, notes: p.notes })
export const isComplete = (q: AskQuestion, p: Page) => pageProblem(q, p) === undefined

/** Answers in question order, or the first reason one question is not answerable yet. */
export function collectAnswers(
  questions: AskQuestion[],
  s: DockState,
): { answers: AskAnswer[] } | { problem: string; tab: number } {
  const answers: AskAnswer[] = []
  for (const [i, q] of questions.entries()) {
    const page = s.pages[i]!
    const problem = pageProblem(q, page)
    if (problem) return { problem: `${q.label}: ${problem}`, tab: i }
    const notes = Object.fromEntries(visibleNotes(q, page).map((n) => [n, page.notes[n]!]))
    answers.push(answerOf(q, { ...page, notes }))
  }
  return { answers }
}

/** One line per question for the review step. */
export function answerText(q: AskQuestion, p: Page): string {
  const parts = q.choices.flatMap((c, i) => (isSelected(q, p, i) ? [c.label] : []))
  if (customSelected(q, p) && p.custom.trim()) parts.push(`"${p.custom.trim()}"`)
  return parts.length ? parts.join(", ") : "(no answer)"
}
