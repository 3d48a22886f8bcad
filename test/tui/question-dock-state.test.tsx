// The dock's controller as a pure reducer, driven by thousands of seeded random actions: it never throws,
// never stages more answers than allowed, keeps the focus on screen, and only submits what the tool accepts.
import { expect, test } from "bun:test"
import {
  maxSelectionsOf,
  stagedCount,
  validateAnswers,
  validateQuestions,
  type AskQuestion,
} from "../../src/protocol/ask-user"
import { update, type Action, type Env } from "../../extensions/ask-user/window/question-dock/actions"
import { measure } from "../../extensions/ask-user/window/question-dock/frame"
import {
  initialState,
  pageTargets,
  reviewTargets,
  sameFocus,
  type Focus,
} from "../../extensions/ask-user/window/question-dock/state"
import { LAYOUT, MANY, STACK, TESTS } from "./question-dock-harness"

function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SETS: AskQuestion[][] = [
  [STACK],
  [TESTS],
  [STACK, TESTS, LAYOUT],
  [MANY, { ...TESTS, id: "t2", minSelections: 0, maxSelections: 4 }],
  [{ ...TESTS, allowCustom: false, minSelections: 2, maxSelections: 3 }],
]

test("random key sequences keep the dock's invariants and submit only answers the tool accepts", () => {
  const r = rng(7)
  const int = (n: number) => Math.floor(r() * n)
  const pick = <T,>(xs: T[]): T => xs[int(xs.length)]!
  let submits = 0
  for (let run = 0; run < 150; run++) {
    const questions = pick(SETS)
    expect(validateQuestions(questions)).toEqual([])
    const env: Env = { questions, width: pick([40, 59, 80, 120]), height: pick([8, 14, 24]) }
    let state = initialState(questions)
    for (let step = 0; step < 120; step++) {
      const targets = (): Focus[] =>
        questions[state.tab] ? pageTargets(questions[state.tab]!, state.pages[state.tab]!) : reviewTargets(questions)
      const action: Action = pick<() => Action>([
        () => ({ type: "tab", delta: pick([-1, 1]) }),
        () => ({ type: "tabTo", tab: int(questions.length + 1) }),
        () => ({ type: "move", delta: pick([-1, 1]) }),
        () => ({ type: "field", delta: pick([-1, 1]) }),
        () => ({ type: "activate" }),
        () => ({ type: "activate" }),
        () => ({ type: "digit", n: 1 + int(9) }),
        () => ({ type: "note" }),
        () => ({ type: "insert", text: pick(["a", " ", "deno", "\n\t", "é☃", "x".repeat(60)]) }),
        () => ({ type: "erase", forward: r() < 0.5 }),
        () => ({ type: "caret", to: pick(["left", "right", "home", "end"] as const) }),
        () => ({ type: "page", delta: pick([-1, 1]) }),
        () => ({ type: "edge", end: pick(["top", "bottom"] as const) }),
        () => ({ type: "pan", dx: pick([-1, 0, 1]), dy: pick([-1, 0, 1]) }),
        () => ({ type: "click", focus: pick(targets()) }),
        () => ({ type: "hover", choice: r() < 0.5 ? undefined : int(4) }),
      ])()
      const out = update(env, state, action)
      state = out.state
      if (out.submit) {
        expect(validateAnswers(questions, out.submit)).toEqual([])
        submits++
        break
      }
      questions.forEach((q, i) => {
        if (q.multiple) expect(stagedCount(state.pages[i]!)).toBeLessThanOrEqual(maxSelectionsOf(q))
      })
      const focus = questions[state.tab] ? state.pages[state.tab]!.focus : state.review.focus
      expect(targets().some((t) => sameFocus(t, focus))).toBe(true)
      const frame = measure(questions, state, env.width, env.height)
      const range = frame.body.ranges.find((x) => sameFocus(x.focus, focus))
      if (range && range.bottom - range.top < frame.bodyHeight) {
        expect(range.top).toBeGreaterThanOrEqual(frame.bodyTop)
        expect(range.bottom).toBeLessThan(frame.bodyTop + frame.bodyHeight)
      }
      if (frame.sketch) {
        expect(frame.sketch.pan.x).toBeLessThanOrEqual(frame.sketch.max.x)
        for (const row of frame.sketch.rows) expect(row.length).toBe(frame.sketch.width)
      }
    }
  }
  expect(submits).toBeGreaterThan(10)
})
