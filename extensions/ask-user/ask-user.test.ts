import { describe, expect, test } from "bun:test"
import { minSelectionsOf, validateQuestions, type AskOutcome, type AskQuestion } from "../../src/protocol/ask-user"
import { toolArgs } from "../../test/fixture/faux"
import { AskUserInputError, createAskUserTool, type AskUser } from "./tool"

type Call = { questions: AskQuestion[]; signal?: AbortSignal }

function harness(reply: (questions: AskQuestion[]) => AskOutcome = firstChoices) {
  const calls: Call[] = []
  const ask: AskUser = async (questions, signal) => {
    calls.push({ questions, signal })
    return reply(questions)
  }
  const tool = createAskUserTool(ask)
  const run = (params: unknown, signal?: AbortSignal) =>
    tool.execute("call-1", params as never, signal, undefined, undefined as never)
  return { tool, calls, run }
}

/** The smallest answer each question accepts: the first choices, plus free text when the choices run out. */
function firstChoices(questions: AskQuestion[]): AskOutcome {
  return {
    answers: questions.map((q) => {
      const sel = (i: number) => ({
        value: q.choices[i]!.value,
        label: q.choices[i]!.label,
        wasCustom: false,
        index: i + 1,
      })
      if (!q.multiple) return { id: q.id, ...sel(0) }
      const want = minSelectionsOf(q)
      const selections = q.choices.slice(0, want).map((_, i) => sel(i))
      if (want > q.choices.length) selections.push({ value: "typed", label: "typed", wasCustom: true } as never)
      return { id: q.id, multiple: true as const, selections }
    }),
  }
}

const stack: AskQuestion = {
  id: "stack",
  label: "Stack",
  prompt: "Which runtime?",
  choices: [
    { value: "bun", label: "Bun" },
    { value: "node", label: "Node" },
  ],
}
const tests: AskQuestion = {
  id: "tests",
  label: "Tests",
  prompt: "Which kinds?",
  multiple: true,
  choices: [
    { value: "unit", label: "Unit" },
    { value: "e2e", label: "End to end" },
  ],
}

async function refusal(params: unknown): Promise<AskUserInputError> {
  const h = harness()
  const error = await h.run(params).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(h.calls.length).toBe(0)
  expect(error).toBeInstanceOf(AskUserInputError)
  return error as AskUserInputError
}

describe("refusals name the field and the rule, and no dock is asked for", () => {
  const q = (extra: Partial<AskQuestion> & Record<string, unknown>) => ({ ...stack, ...extra })
  test.each([
    ["duplicate ids", [stack, stack], "questions[1].id", "duplicate id"],
    [
      "duplicate values",
      [q({ choices: [stack.choices[0]!, stack.choices[0]!] })],
      "questions[0].choices[1].value",
      "duplicate value",
    ],
    ["empty label", [q({ label: "" })], "questions[0].label", "non-empty"],
    ["empty prompt", [q({ prompt: " " })], "questions[0].prompt", "non-empty"],
    [
      "min > max",
      [q({ minSelections: 3, maxSelections: 2 })],
      "questions[0].minSelections",
      "must not exceed maxSelections",
    ],
    ["min < 0", [q({ minSelections: -1 })], "questions[0].minSelections", "at least 0"],
    ["max > choices + 1", [q({ maxSelections: 4 })], "questions[0].maxSelections", "choices + 1"],
    [
      "max > choices without custom",
      [q({ maxSelections: 3, allowCustom: false })],
      "questions[0].maxSelections",
      "allowCustom is false",
    ],
    [
      "sketch wider than 80",
      [q({ uiSketch: true, choices: [{ value: "a", label: "A", sketch: "-".repeat(81) }] })],
      "questions[0].choices[0].sketch",
      "81 columns",
    ],
    [
      "sketch taller than 24",
      [q({ choices: [{ value: "a", label: "A", sketch: "x\n".repeat(25) + "x" }] })],
      "questions[0].choices[0].sketch",
      "26 lines",
    ],
    [
      "non-ASCII sketch",
      [q({ choices: [{ value: "a", label: "A", sketch: "┌┐" }] })],
      "questions[0].choices[0].sketch",
      "non-ASCII",
    ],
    [
      "control characters in a sketch",
      [q({ choices: [{ value: "a", label: "A", sketch: "\u001b[31m" }] })],
      "questions[0].choices[0].sketch",
      "control character",
    ],
    [
      "uiSketch without a sketch",
      [q({ uiSketch: true })],
      "questions[0].uiSketch",
      "at least one choice with a sketch",
    ],
    ["no questions", [], "questions", "at least 1"],
    ["seven questions", Array.from({ length: 7 }, (_, i) => q({ id: `q${i}` })), "questions", "at most 6"],
  ])("%s", async (_name, questions, field, rule) => {
    const error = await refusal({ questions })
    expect(error.problems.some((p) => p.field === field && p.rule.includes(rule))).toBe(true)
    expect(error.message).toContain(`${field}: `)
    expect(error.message).toContain(rule)
  })

  test("params that are not an object", async () => {
    expect((await refusal(null)).problems).toEqual([{ field: "questions", rule: "must be an array of questions" }])
  })
})

describe("results", () => {
  test("single and multiple answers come back in question order, with a short summary", async () => {
    // A fresh copy each call, so a tool that mutated the reply could not also change the expectation.
    const answers = () => [
      { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 },
      {
        id: "tests",
        multiple: true as const,
        selections: [
          { value: "unit", label: "Unit", wasCustom: false, index: 1, note: "fast ones" },
          { value: "deno", label: "deno", wasCustom: true },
        ],
      },
    ]
    const h = harness(() => ({ answers: answers() }))
    const result = await h.run({ questions: [stack, tests] })
    expect(h.calls.length).toBe(1)
    expect(result.details).toEqual({ answers: answers() })
    expect(result.content).toEqual([
      {
        type: "text",
        text: 'Stack: Bun (choice 1)\nTests: Unit (choice 1) [note: "fast ones"], Something else: "deno" (custom)',
      },
    ])
  })

  test("a cancel is reported as cancelled, not answered", async () => {
    const h = harness(() => ({ cancelled: true }))
    const result = await h.run({ questions: [stack] })
    expect(result.details).toEqual({ answers: [], cancelled: true })
    expect((result.content[0] as { text: string }).text).toContain("cancelled")
  })

  test("the questions reach ask literally (sketches keep their ASCII) with the abort signal", async () => {
    const sketch = "+--+\n|  |\n+--+"
    const question = { ...stack, uiSketch: true, choices: [{ value: "a", label: "A", sketch }] }
    const h = harness()
    const signal = new AbortController().signal
    await h.run({ questions: [question] }, signal)
    expect(h.calls[0]!.questions).toEqual([question])
    expect(h.calls[0]!.questions[0]!.choices[0]!.sketch).toBe(sketch)
    expect(h.calls[0]!.signal).toBe(signal)
  })

  test("answers that break the rules (from a misbehaving window) are a tool error", async () => {
    const h = harness(() => ({ answers: [{ id: "stack", value: "zig", label: "Zig", wasCustom: false }] }))
    const error = await h.run({ questions: [stack] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AskUserInputError)
    expect((error as Error).message).toContain('answers[0].value: "zig" is not a choice')
  })
})

/** mulberry32: small, seeded, reproducible. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function fuzzer(seed: number) {
  const r = rng(seed)
  const int = (n: number) => Math.floor(r() * n)
  const pick = <T>(xs: T[]): T => xs[int(xs.length)]!
  const str = (): unknown =>
    pick([
      () => "",
      () => " ",
      () => "a",
      () => `v${int(4)}`,
      () => "x".repeat(int(120)),
      () => "é☃\u0000\t\n",
      () => Array.from({ length: int(30) }, () => "-".repeat(int(90))).join("\n"),
      () => "+--+\n|  |\n+--+\n",
      () => int(10),
      () => null,
      () => undefined,
      () => ({}),
    ])()
  const num = (): unknown => pick([0, 1, 2, 3, -1, 1.5, NaN, Infinity, 99, "2", null, undefined, true])
  const bool = (): unknown => pick([true, false, undefined, "true", 0, null])
  const choice = (): unknown =>
    r() < 0.1
      ? str()
      : {
          value: str(),
          label: str(),
          description: r() < 0.5 ? str() : undefined,
          recommended: bool(),
          sketch: r() < 0.4 ? str() : undefined,
        }
  const question = (): unknown =>
    r() < 0.05
      ? str()
      : {
          id: r() < 0.8 ? `q${int(3)}` : str(),
          label: r() < 0.8 ? "Label" : str(),
          prompt: r() < 0.8 ? "Prompt?" : str(),
          choices: r() < 0.9 ? Array.from({ length: int(15) }, choice) : str(),
          multiple: bool(),
          minSelections: r() < 0.5 ? num() : undefined,
          maxSelections: r() < 0.5 ? num() : undefined,
          uiSketch: bool(),
          allowCustom: bool(),
        }
  const sketch = () =>
    Array.from({ length: 1 + int(24) }, () =>
      pick(["+--+", "|  |", "-----", "a | b", ""])
        .repeat(1 + int(16))
        .slice(0, 80),
    ).join("\n")
  /** A call that follows every rule, of random size. */
  const valid = () =>
    Array.from({ length: 1 + int(6) }, (_, i) => {
      const n = 1 + int(12)
      const allowCustom = pick([true, false, undefined])
      const limit = n + (allowCustom === false ? 0 : 1)
      const max = 1 + int(limit)
      const withSketch = r() < 0.3
      return {
        id: `q${i}`,
        label: pick(["Stack", "Two words", "Ω unicode"]),
        prompt: "x".repeat(1 + int(200)),
        choices: Array.from({ length: n }, (_, j) => ({
          value: `v${j}`,
          label: pick(["A", "A long label that needs wrapping in narrow docks", "ü"]),
          ...(r() < 0.5 ? { description: "d".repeat(int(100)) } : {}),
          ...(r() < 0.2 ? { recommended: true } : {}),
          ...(withSketch && (j === 0 || r() < 0.5) ? { sketch: sketch() } : {}),
        })),
        ...(r() < 0.5 ? { multiple: true, maxSelections: max, minSelections: int(max + 1) } : {}),
        ...(withSketch ? { uiSketch: true } : {}),
        ...(allowCustom === undefined ? {} : { allowCustom }),
      }
    })
  /** Sets one random spot of a call to a random value (or removes it). */
  const mutate = (questions: Record<string, unknown>[]) => {
    const q = pick(questions)
    const key = pick([
      "id",
      "label",
      "prompt",
      "choices",
      "multiple",
      "minSelections",
      "maxSelections",
      "uiSketch",
      "allowCustom",
    ])
    if (key === "choices" && Array.isArray(q.choices) && r() < 0.7) {
      const c = pick(q.choices as Record<string, unknown>[])
      c[pick(["value", "label", "description", "recommended", "sketch"])] = pick([str, num, bool])()
    } else q[key] = pick([str, num, bool, () => undefined])()
  }
  return (): unknown => {
    if (r() < 0.05) return pick([null, undefined, 42, "questions", [], { questions: {} }])
    if (r() < 0.2) return { questions: Array.from({ length: int(9) }, question) }
    const questions = valid()
    for (let k = int(3); k > 0; k--) mutate(questions as Record<string, unknown>[])
    return { questions }
  }
}

describe("fuzzed inputs", () => {
  test("4000 seeded random inputs: execute never throws, only refuses (a tool error) or asks", async () => {
    const next = fuzzer(20260528)
    let asked = 0
    let refused = 0
    for (let i = 0; i < 4000; i++) {
      const params = next()
      const h = harness()
      let outcome: unknown
      try {
        const pending = h.run(params)
        outcome = await pending.then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        )
      } catch (syncError) {
        throw new Error(`case ${i} threw synchronously: ${syncError}`)
      }
      const valid = validateQuestions((params as { questions?: unknown } | null)?.questions).length === 0
      if ("error" in (outcome as object)) {
        const error = (outcome as { error: unknown }).error
        if (!(error instanceof AskUserInputError)) throw new Error(`case ${i}: unexpected ${error}`)
        if (valid) throw new Error(`case ${i}: valid input refused: ${error.message}`)
        expect(valid).toBe(false)
        expect(h.calls.length).toBe(0)
        expect(error.problems.length).toBeGreaterThan(0)
        for (const p of error.problems) expect(error.message).toContain(`${p.field}: ${p.rule}`)
        refused++
      } else {
        expect(valid).toBe(true)
        expect(h.calls.length).toBe(1)
        expect((outcome as { result: { details: { answers: unknown[] } } }).result.details.answers.length).toBe(
          h.calls[0]!.questions.length,
        )
        asked++
      }
    }
    // The generator must exercise both paths, or this test proves nothing.
    expect(asked).toBeGreaterThan(1000)
    expect(refused).toBeGreaterThan(1000)
  })
})

describe("in a real Pi session (faux model)", () => {
  async function realSession(tool: ReturnType<typeof harness>["tool"]) {
    const ai = await import("@earendil-works/pi-ai")
    const pi = await import("@earendil-works/pi-coding-agent")
    const { mkdtempSync } = await import("node:fs")
    const { tmpdir } = await import("node:os")
    const { join } = await import("node:path")
    const cwd = mkdtempSync(join(tmpdir(), "ask-user-"))
    const faux = ai.fauxProvider({ provider: "faux", models: [{ id: "faux-1" }], tokensPerSecond: 100_000 })
    const modelRuntime = await pi.ModelRuntime.create({
      credentials: new ai.InMemoryCredentialStore(),
      modelsPath: null,
    })
    modelRuntime.registerNativeProvider(faux.provider)
    const { session } = await pi.createAgentSession({
      cwd,
      agentDir: join(cwd, ".agent"),
      model: faux.getModel(),
      modelRuntime,
      settingsManager: pi.SettingsManager.inMemory(),
      sessionManager: pi.SessionManager.inMemory(cwd),
      customTools: [tool],
      tools: ["ask_user"],
    })
    await session.bindExtensions({})
    return { ai, faux, session }
  }

  test("the system prompt names the tool once (`- ask_user: ask the person …`)", async () => {
    const { session } = await realSession(harness().tool)
    const line = session.systemPrompt.split("\n").find((l) => l.startsWith("- ask_user"))
    expect(line).toStartWith("- ask_user: ask the person structured multiple-choice questions")
    expect(line).not.toContain("ask_user: ask_user")
    session.dispose()
  })

  test("a valid call returns the answers as the tool result; a bad one is a tool error with the rule", async () => {
    const h = harness()
    const { ai, faux, session } = await realSession(h.tool)
    faux.setResponses([
      ai.fauxAssistantMessage(
        [ai.fauxToolCall("ask_user", toolArgs({ questions: [stack, { ...stack, id: "stack" }] }))],
        {
          stopReason: "toolUse",
        },
      ),
      ai.fauxAssistantMessage([ai.fauxToolCall("ask_user", toolArgs({ questions: [stack] }))], {
        stopReason: "toolUse",
      }),
      ai.fauxAssistantMessage("thanks"),
    ])
    await session.prompt("ask me")
    const results = session.messages.filter((m) => m.role === "toolResult") as {
      isError: boolean
      content: { text: string }[]
      details: unknown
    }[]
    expect(results.length).toBe(2)
    expect(results[0]!.isError).toBe(true)
    expect(results[0]!.content[0]!.text).toContain('questions[1].id: duplicate id "stack"')
    expect(results[1]!.isError).toBe(false)
    expect(results[1]!.content[0]!.text).toBe("Stack: Bun (choice 1)")
    expect(results[1]!.details).toEqual({
      answers: [{ id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 }],
    })
    expect(h.calls.length).toBe(1)
    session.dispose()
  })
})
