import { describe, expect, test } from "bun:test"
import {
  answerOf,
  maxSelectionsOf,
  selectionRule,
  stagedProblem,
  summarizeAnswers,
  validateAnswers,
  validateQuestions,
  type AskQuestion,
} from "../../src/protocol/ask-user"

const choice = (value: string, extra: object = {}) => ({ value, label: value.toUpperCase(), ...extra })
const question = (extra: object = {}): Record<string, unknown> => ({
  id: "q",
  label: "Stack",
  prompt: "Which?",
  choices: [choice("bun"), choice("node")],
  ...extra,
})

/** The single problem of one bad question, as `field: rule`. */
function only(input: unknown): string {
  const problems = validateQuestions(input)
  expect(problems.length).toBe(1)
  return `${problems[0]!.field}: ${problems[0]!.rule}`
}

describe("validateQuestions", () => {
  test("accepts a well-formed call", () => {
    expect(validateQuestions([question(), question({ id: "r", multiple: true, maxSelections: 3 })])).toEqual([])
  })

  test.each([
    ["questions: must be an array", undefined],
    ["questions: must hold at least 1 question", []],
    ["questions: must hold at most 6", Array.from({ length: 7 }, (_, i) => question({ id: `q${i}` }))],
    ['questions[1].id: duplicate id "q" (also questions[0])', [question(), question()]],
    ["questions[0].id: must be a non-empty string", [question({ id: "" })]],
    ["questions[0].label: must be a non-empty string", [question({ label: "  " })]],
    ["questions[0].prompt: must be a non-empty string", [question({ prompt: "" })]],
    ["questions[0].choices: must hold at least 1 choice", [question({ choices: [] })]],
    ["must hold at most 12 choices", [question({ choices: Array.from({ length: 13 }, (_, i) => choice(`c${i}`)) })]],
    ['questions[0].choices[1].value: duplicate value "a"', [question({ choices: [choice("a"), choice("a")] })]],
    ["questions[0].choices[0].label: must be a non-empty", [question({ choices: [{ value: "a", label: "" }] })]],
    [
      "questions[0].minSelections: must not exceed maxSelections (3 > 2)",
      [question({ minSelections: 3, maxSelections: 2 })],
    ],
    ["questions[0].minSelections: must be at least 0", [question({ minSelections: -1 })]],
    ["questions[0].maxSelections: must be at most choices + 1 (3;", [question({ maxSelections: 4 })]],
    [
      "questions[0].maxSelections: must be at most the number of choices (2) when allowCustom is false",
      [question({ maxSelections: 3, allowCustom: false })],
    ],
    ["questions[0].minSelections: must be an integer", [question({ minSelections: 1.5 })]],
    [
      "questions[0].choices[0].sketch: line 1 is 81 columns wide, at most 80",
      [question({ choices: [choice("a", { sketch: "x".repeat(81) })] })],
    ],
    [
      "questions[0].choices[0].sketch: 25 lines, at most 24",
      [question({ choices: [choice("a", { sketch: Array(25).fill("x").join("\n") })] })],
    ],
    [
      "questions[0].choices[0].sketch: non-ASCII character U+00EF",
      [question({ choices: [choice("a", { sketch: "naïve" })] })],
    ],
    [
      "questions[0].choices[0].sketch: control character U+0009",
      [question({ choices: [choice("a", { sketch: "a\tb" })] })],
    ],
    ["questions[0].uiSketch: needs at least one choice with a sketch", [question({ uiSketch: true })]],
    ["questions[0].multiple: must be a boolean", [question({ multiple: "yes" })]],
    [
      "questions[0].choices[0].recommended: must be a boolean",
      [question({ choices: [choice("a", { recommended: 1 })] })],
    ],
    ["questions[0]: must be an object", ["nope"]],
  ])("refuses with %s", (expected, input) => {
    expect(only(input)).toContain(expected)
  })

  test("reports every problem, not just the first", () => {
    const problems = validateQuestions([question({ id: "", prompt: "", choices: [choice("a"), choice("a")] })])
    expect(problems.map((p) => p.field)).toEqual([
      "questions[0].id",
      "questions[0].prompt",
      "questions[0].choices[1].value",
    ])
  })

  test("an 80x24 sketch is accepted", () => {
    const sketch = Array(24).fill("x".repeat(80)).join("\n") + "\n"
    expect(validateQuestions([question({ uiSketch: true, choices: [choice("a", { sketch })] })])).toEqual([])
  })
})

describe("completeness", () => {
  const single = question() as unknown as AskQuestion
  const multi = question({
    multiple: true,
    choices: [choice("a"), choice("b"), choice("c")],
    minSelections: 2,
  }) as unknown as AskQuestion

  test("single: a choice or non-empty free text", () => {
    expect(stagedProblem(single, { selected: [], custom: "" })).toBe("Choose an answer.")
    expect(stagedProblem(single, { selected: [1], custom: "" })).toBeUndefined()
    expect(stagedProblem(single, { selected: [], custom: "deno", customChosen: true })).toBeUndefined()
    expect(stagedProblem(single, { selected: [], custom: "  ", customChosen: true })).toBe(
      "Type an answer or choose one.",
    )
  })

  test("multiple: free text counts once, whitespace blocks, min and max bound the count", () => {
    expect(maxSelectionsOf(multi)).toBe(4)
    expect(stagedProblem(multi, { selected: [0], custom: "" })).toBe("Choose at least 2 answers.")
    expect(stagedProblem(multi, { selected: [0], custom: "deno" })).toBeUndefined()
    expect(stagedProblem(multi, { selected: [0, 1], custom: "   " })).toBe("The typed answer is blank.")
    const capped = { ...multi, maxSelections: 2 }
    expect(stagedProblem(capped, { selected: [0, 1], custom: "x" })).toBe("Choose at most 2 answers.")
    expect(selectionRule(multi)).toBe("Select 2 to 4 answers.")
    expect(selectionRule({ ...multi, minSelections: 0 })).toBe("Select up to 4 answers.")
  })

  test("answers carry 1-based indexes, trimmed notes, and the free text last", () => {
    expect(answerOf(single, { selected: [1], custom: "", notes: { 1: " fast " } })).toEqual({
      id: "q",
      value: "node",
      label: "NODE",
      wasCustom: false,
      index: 2,
      note: "fast",
    })
    expect(answerOf(multi, { selected: [2, 0], custom: " deno ", notes: { 0: "" } })).toEqual({
      id: "q",
      multiple: true,
      selections: [
        { value: "a", label: "A", wasCustom: false, index: 1 },
        { value: "c", label: "C", wasCustom: false, index: 3 },
        { value: "deno", label: "deno", wasCustom: true },
      ],
    })
  })
})

describe("validateAnswers and summarizeAnswers", () => {
  const qs = [
    question({ label: "Stack" }),
    question({ id: "t", label: "Tests", multiple: true }),
  ] as unknown as AskQuestion[]
  const good = [
    { id: "q", value: "bun", label: "BUN", wasCustom: false, index: 1 },
    {
      id: "t",
      multiple: true,
      selections: [
        { value: "node", label: "NODE", wasCustom: false, index: 2 },
        { value: "deno", label: "deno", wasCustom: true },
      ],
    },
  ]

  test("accepts answers that follow the rules and summarizes them for the model", () => {
    expect(validateAnswers(qs, good)).toEqual([])
    expect(summarizeAnswers(qs, good as never)).toBe(
      'Stack: BUN (choice 1)\nTests: NODE (choice 2), Something else: "deno" (custom)',
    )
  })

  test("refuses answers that break the rules, naming the field", () => {
    expect(validateAnswers(qs, "x")[0]!.field).toBe("answers")
    expect(validateAnswers(qs, [good[0]])[0]!.rule).toContain("one answer per question")
    const unknown = [{ ...good[0], value: "zig" }, good[1]]
    expect(validateAnswers(qs, unknown).map((p) => `${p.field}: ${p.rule}`)).toContain(
      'answers[0].value: "zig" is not a choice',
    )
    const blank = [good[0], { id: "t", multiple: true, selections: [{ value: " ", label: " ", wasCustom: true }] }]
    expect(validateAnswers(qs, blank)).toEqual([{ field: "answers[1]", rule: "The typed answer is blank." }])
  })
})
