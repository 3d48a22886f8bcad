// The dock's controller as a pure reducer: (state, action) → state, plus a submit effect once every
// answer passes the shared rules. Keys and mouse events are translated into these actions elsewhere.
import {
  allowsCustom,
  maxSelectionsOf,
  stagedCount,
  type AskAnswer,
  type AskQuestion,
} from "../../../../src/protocol/ask-user"
import { terminalText } from "../../../../src/common/terminal-text"
import { measure } from "./frame"
import {
  collectAnswers,
  fieldText,
  hasStaged,
  isComplete,
  isReview,
  isSelected,
  isTextFocus,
  pageTargets,
  reviewTargets,
  sameFocus,
  type DockState,
  type Focus,
  type Page,
} from "./state"

export interface Env {
  questions: AskQuestion[]
  width: number
  height: number
}

export type Action =
  | { type: "tab"; delta: number }
  | { type: "tabTo"; tab: number }
  | { type: "move"; delta: number }
  | { type: "field"; delta: number }
  /** `advance`: Enter, which after a single choice goes on to the next question (Space only selects). */
  | { type: "activate"; advance?: boolean }
  | { type: "cancel" }
  | { type: "digit"; n: number }
  | { type: "note" }
  | { type: "insert"; text: string }
  | { type: "erase"; forward: boolean }
  | { type: "caret"; to: "left" | "right" | "home" | "end" }
  | { type: "page"; delta: number }
  | { type: "edge"; end: "top" | "bottom" }
  | { type: "pan"; dx: number; dy: number }
  | { type: "click"; focus: Focus }
  | { type: "hover"; choice?: number }

export interface Outcome {
  state: DockState
  submit?: AskAnswer[]
  cancel?: true
}

/** Digits reach rows 1-9; rows past that are drawn without a number. */
export const MAX_DIGIT = 9
export const DISCARD_PROMPT = "Discard your answers? Esc again discards them; any other key goes back."

const PAN_X = 4
const HIGH_SURROGATE = /[\ud800-\udbff]/
const LOW_SURROGATE = /[\udc00-\udfff]/
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi)

function focusOf(env: Env, s: DockState): Focus {
  return isReview(env.questions, s) ? s.review.focus : s.pages[s.tab]!.focus
}

function withPage(s: DockState, fn: (p: Page) => Partial<Page>): DockState {
  const pages = s.pages.map((p, i) => (i === s.tab ? { ...p, ...fn(p) } : p))
  return { ...s, pages }
}

function setFocus(env: Env, s: DockState, focus: Focus): DockState {
  const next = isReview(env.questions, s) ? { ...s, review: { ...s.review, focus } } : withPage(s, () => ({ focus }))
  const text = isReview(env.questions, s) ? undefined : fieldText(next.pages[s.tab]!, focus)
  return { ...next, cursor: text?.length ?? 0 }
}

function targets(env: Env, s: DockState): Focus[] {
  const q = env.questions[s.tab]
  return q ? pageTargets(q, s.pages[s.tab]!) : reviewTargets(env.questions)
}

function switchTab(env: Env, s: DockState, tab: number): DockState {
  const next = { ...s, tab: clamp(tab, 0, env.questions.length), hover: undefined, message: undefined }
  return setFocus(env, next, focusOf(env, next))
}

function refuse(s: DockState, text: string, tone: "error" | "info" = "error"): DockState {
  return { ...s, message: { text, tone } }
}

function choose(env: Env, s: DockState, index: number): DockState {
  const q = env.questions[s.tab]!
  if (!q.multiple) return withPage(s, () => ({ selected: [index], customChosen: false }))
  const p = s.pages[s.tab]!
  if (p.selected.includes(index)) return withPage(s, () => ({ selected: p.selected.filter((i) => i !== index) }))
  const max = maxSelectionsOf(q)
  if (stagedCount(p) + 1 > max) return refuse(s, `Choose at most ${max} answer${max === 1 ? "" : "s"}.`)
  return withPage(s, () => ({ selected: [...p.selected, index] }))
}

/**
 * After Enter picks a single choice: the next unanswered question (wrapping), or the answers
 * themselves once every question is complete.
 */
function goOn(env: Env, s: DockState): Outcome {
  const n = env.questions.length
  for (let k = 1; k < n; k++) {
    const tab = (s.tab + k) % n
    if (!isComplete(env.questions[tab]!, s.pages[tab]!)) return { state: switchTab(env, s, tab) }
  }
  const result = collectAnswers(env.questions, s)
  return "answers" in result ? { state: s, submit: result.answers } : { state: s }
}

function activate(env: Env, s: DockState, focus: Focus, advance = false): Outcome {
  if (focus.kind === "choice") {
    const chosen = choose(env, s, focus.index)
    return advance && !env.questions[s.tab]!.multiple ? goOn(env, chosen) : { state: chosen }
  }
  if (focus.kind === "review") return { state: switchTab(env, s, focus.index) }
  if (focus.kind === "custom" || focus.kind === "note") return { state: moveField(env, s, 1) }
  if (!isReview(env.questions, s)) return { state: switchTab(env, s, s.tab + 1) }
  const result = collectAnswers(env.questions, s)
  if ("answers" in result) return { state: s, submit: result.answers }
  return { state: refuse(s, result.problem) }
}

/** Tab/Shift+Tab: the next note, free-text answer or action, wrapping; never creates a note. */
function moveField(env: Env, s: DockState, delta: number): DockState {
  const all = targets(env, s)
  const at = Math.max(
    0,
    all.findIndex((t) => sameFocus(t, focusOf(env, s))),
  )
  const stop = (t: Focus) => isReview(env.questions, s) || isTextFocus(t) || t.kind === "action"
  for (let k = 1; k <= all.length; k++) {
    const t = all[(((at + delta * k) % all.length) + all.length) % all.length]!
    if (stop(t)) return setFocus(env, s, t)
  }
  return s
}

function edit(env: Env, s: DockState, fn: (text: string, cursor: number) => [string, number]): DockState {
  const q = env.questions[s.tab]
  const p = s.pages[s.tab]
  const focus = p?.focus
  if (!q || !p || !focus || !isTextFocus(focus)) return s
  const [text, cursor] = fn(fieldText(p, focus) ?? "", s.cursor)
  if (focus.kind === "note") return { ...withPage(s, () => ({ notes: { ...p.notes, [focus.index]: text } })), cursor }
  const max = maxSelectionsOf(q)
  if (q.multiple && text.trim() && !p.custom.trim() && p.selected.length + 1 > max)
    return refuse(s, `Choose at most ${max} answer${max === 1 ? "" : "s"}.`)
  const chosen = q.multiple ? {} : { customChosen: text.length > 0 }
  return { ...withPage(s, () => ({ custom: text, ...chosen })), cursor }
}

/** Pasted or typed text goes in as one paragraph: line breaks and tabs become spaces, other controls drop. */
const clean = (text: string) => terminalText(text.replace(/\r\n|[\r\n\t]/g, " "))

function openNote(env: Env, s: DockState): DockState {
  const q = env.questions[s.tab]
  const p = s.pages[s.tab]
  if (!q || !p || p.focus.kind !== "choice") return s
  const index = p.focus.index
  if (!isSelected(q, p, index)) return refuse(s, "Select this choice before adding a note.", "info")
  const notes = index in p.notes ? p.notes : { ...p.notes, [index]: "" }
  return setFocus(
    env,
    withPage(s, () => ({ notes })),
    { kind: "note", index },
  )
}

function scrollBy(env: Env, s: DockState, top: number, pick: "first" | "last", jump = false): DockState {
  const frame = measure(env.questions, s, env.width, env.height)
  const h = frame.bodyHeight
  const scroll = clamp(top, 0, Math.max(0, frame.body.lines.length - h))
  const inView = frame.body.ranges.filter((r) => r.top >= scroll && r.bottom < scroll + h)
  const current = jump ? undefined : inView.find((r) => sameFocus(r.focus, focusOf(env, s)))
  // A window shorter than a row holds no whole row: take the rows it touches, never the far end.
  const touched = frame.body.ranges.filter((r) => r.bottom >= scroll && r.top < scroll + h)
  const ranges = inView.length ? inView : touched.length ? touched : frame.body.ranges
  const target = current ?? (pick === "first" ? ranges[0] : ranges[ranges.length - 1])
  const next = isReview(env.questions, s) ? { ...s, review: { ...s.review, scroll } } : withPage(s, () => ({ scroll }))
  return target ? setFocus(env, next, target.focus) : next
}

function step(env: Env, s: DockState, a: Action): Outcome {
  const focus = focusOf(env, s)
  // Keyboard and clicks take the preview back from a hovered row; messages last one action.
  const cleared = { ...s, message: undefined, hover: undefined }
  switch (a.type) {
    case "tab":
      return { state: switchTab(env, s, s.tab + a.delta) }
    case "tabTo":
      return { state: switchTab(env, s, a.tab) }
    case "move": {
      const all = targets(env, s)
      const at = all.findIndex((t) => sameFocus(t, focus))
      return { state: setFocus(env, cleared, all[clamp(at + a.delta, 0, all.length - 1)]!) }
    }
    case "field":
      return { state: moveField(env, cleared, a.delta) }
    case "activate":
      return activate(env, cleared, focus, a.advance)
    case "cancel":
      if (s.confirmCancel || !hasStaged(s)) return { state: s, cancel: true }
      return { state: { ...refuse(cleared, DISCARD_PROMPT, "info"), confirmCancel: true } }
    case "digit": {
      const q = env.questions[s.tab]
      if (!q || a.n < 1 || a.n > MAX_DIGIT) return { state: s }
      if (a.n === q.choices.length + 1 && allowsCustom(q)) {
        const custom = setFocus(env, cleared, { kind: "custom" })
        // Typed text becomes the answer again when its row is picked by number.
        return { state: custom.pages[s.tab]!.custom ? withPage(custom, () => ({ customChosen: true })) : custom }
      }
      if (a.n > q.choices.length) return { state: s }
      // A digit is Enter on its row: a single choice picks and goes on, a multiple one toggles and stays.
      return activate(
        env,
        setFocus(env, cleared, { kind: "choice", index: a.n - 1 }),
        { kind: "choice", index: a.n - 1 },
        true,
      )
    }
    case "note":
      return { state: openNote(env, cleared) }
    case "insert": {
      const text = clean(a.text)
      return { state: edit(env, cleared, (t, c) => [t.slice(0, c) + text + t.slice(c), c + text.length]) }
    }
    case "erase":
      return {
        state: edit(env, cleared, (t, c) => {
          if (a.forward) return [t.slice(0, c) + t.slice(c + (HIGH_SURROGATE.test(t[c] ?? "") ? 2 : 1)), c]
          const from = Math.max(0, c - (LOW_SURROGATE.test(t[c - 1] ?? "") ? 2 : 1))
          return [t.slice(0, from) + t.slice(c), from]
        }),
      }
    case "caret": {
      const page = s.pages[s.tab]
      const text = (page && fieldText(page, focus)) ?? ""
      if (a.to === "home" || a.to === "end") return { state: { ...s, cursor: a.to === "home" ? 0 : text.length } }
      // At the field's edge the arrow keeps its dock meaning: switch questions.
      if (a.to === "left" && s.cursor === 0) return { state: switchTab(env, s, s.tab - 1) }
      if (a.to === "right" && s.cursor >= text.length) return { state: switchTab(env, s, s.tab + 1) }
      const pair =
        a.to === "left" ? LOW_SURROGATE.test(text[s.cursor - 1] ?? "") : HIGH_SURROGATE.test(text[s.cursor] ?? "")
      return { state: { ...s, cursor: s.cursor + (a.to === "left" ? -1 : 1) * (pair ? 2 : 1) } }
    }
    case "page": {
      const frame = measure(env.questions, s, env.width, env.height)
      return { state: scrollBy(env, s, frame.bodyTop + a.delta * frame.bodyHeight, a.delta > 0 ? "first" : "last") }
    }
    case "edge":
      return {
        state: scrollBy(
          env,
          cleared,
          a.end === "top" ? 0 : Number.MAX_SAFE_INTEGER,
          a.end === "top" ? "first" : "last",
          true,
        ),
      }
    case "pan": {
      const view = measure(env.questions, s, env.width, env.height).sketch
      if (!view) return { state: s }
      const x = clamp(view.pan.x + a.dx * PAN_X, 0, view.max.x)
      const y = clamp(view.pan.y + a.dy, 0, view.max.y)
      return { state: { ...s, pan: { x, y } } }
    }
    case "click":
      if (a.focus.kind === "choice" || a.focus.kind === "review" || a.focus.kind === "action")
        return activate(env, setFocus(env, cleared, a.focus), a.focus)
      return { state: setFocus(env, cleared, a.focus) }
    case "hover":
      return { state: { ...s, hover: a.choice } }
  }
}

/** Applies an action, then stores the scroll the view will show, so paging starts from what is on screen. */
export function update(env: Env, s: DockState, a: Action): Outcome {
  const stepped = step(env, s, a)
  // Only Esc (and the pointer drifting) keep the discard question open.
  const out =
    stepped.state.confirmCancel && a.type !== "cancel" && a.type !== "hover"
      ? { ...stepped, state: { ...stepped.state, confirmCancel: undefined } }
      : stepped
  const frame = measure(env.questions, out.state, env.width, env.height)
  const state = out.state
  if (isReview(env.questions, state)) {
    if (state.review.scroll === frame.bodyTop) return out
    return { ...out, state: { ...state, review: { ...state.review, scroll: frame.bodyTop } } }
  }
  if (state.pages[state.tab]!.scroll === frame.bodyTop) return out
  return { ...out, state: withPage(state, () => ({ scroll: frame.bodyTop })) }
}
