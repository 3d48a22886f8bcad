// ask_user as plain data: the questions the agent asks, the answers a window sends back, and the rules
// both sides share. The tool refuses bad input with these rules; the dock refuses a submission with them.

export interface AskChoice {
  value: string
  label: string
  description?: string
  recommended?: boolean
  /** Literal ASCII, at most 80 columns by 24 lines; a window may project it for display. */
  sketch?: string
}

export interface AskQuestion {
  id: string
  label: string
  prompt: string
  choices: AskChoice[]
  multiple?: boolean
  minSelections?: number
  maxSelections?: number
  uiSketch?: boolean
  allowCustom?: boolean
}

export interface AskSelection {
  value: string
  label: string
  wasCustom: boolean
  /** 1-based position of the chosen choice; absent for the free-text answer. */
  index?: number
  note?: string
}

export type AskSingleAnswer = { id: string } & AskSelection
export interface AskMultipleAnswer {
  id: string
  multiple: true
  selections: AskSelection[]
}
export type AskAnswer = AskSingleAnswer | AskMultipleAnswer

/** `reason`: why nothing was answered, for the model (an editor's declined or unavailable form). */
export type AskOutcome = { answers: AskAnswer[] } | { cancelled: true; reason?: string }

/** The tool result's `details`. */
export interface AskUserDetails {
  answers: AskAnswer[]
  cancelled?: true
}

/** One refused rule: the field it concerns (`questions[0].choices[2].value`) and the rule, in words. */
export interface AskProblem {
  field: string
  rule: string
}

export const ASK_LIMITS = { questions: 6, choices: 12, sketchColumns: 80, sketchLines: 24 } as const
export const CUSTOM_LABEL = "Something else"

export const allowsCustom = (q: AskQuestion) => q.allowCustom !== false
export const minSelectionsOf = (q: AskQuestion) => q.minSelections ?? 1
export const maxSelectionsOf = (q: AskQuestion) => q.maxSelections ?? q.choices.length + (allowsCustom(q) ? 1 : 0)

/** How many answers a multi-select question takes, in words: `Select 1 to 3 answers.` */
export function selectionRule(q: AskQuestion): string {
  const min = minSelectionsOf(q)
  const max = maxSelectionsOf(q)
  const n = (k: number) => `${k} answer${k === 1 ? "" : "s"}`
  if (min === max) return `Select ${n(min)}.`
  if (min === 0) return `Select up to ${n(max)}.`
  return `Select ${min} to ${n(max)}.`
}

export const formatProblems = (problems: AskProblem[]) => problems.map((p) => `${p.field}: ${p.rule}`).join("\n")

/** Why a sketch cannot be shown, or undefined when it can. One trailing newline is allowed. */
export function sketchProblem(sketch: string): string | undefined {
  const bad = /[^\x20-\x7e\n]/.exec(sketch)
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0
    const what = code < 0x20 || code === 0x7f ? "control character" : "non-ASCII character"
    return `${what} U+${code.toString(16).toUpperCase().padStart(4, "0")} at offset ${bad.index} (sketches are printable ASCII)`
  }
  const lines = sketchLines(sketch)
  if (lines.length > ASK_LIMITS.sketchLines) return `${lines.length} lines, at most ${ASK_LIMITS.sketchLines} allowed`
  const widest = lines.reduce((w, l, i) => (l.length > lines[w]!.length ? i : w), 0)
  const width = lines[widest]?.length ?? 0
  if (width > ASK_LIMITS.sketchColumns)
    return `line ${widest + 1} is ${width} columns wide, at most ${ASK_LIMITS.sketchColumns} allowed`
  return undefined
}

export function sketchLines(sketch: string): string[] {
  const lines = sketch.split("\n")
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop()
  return lines
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const blank = (v: unknown) => typeof v !== "string" || v.trim() === ""
const optional = (v: unknown, type: "string" | "boolean") => v === undefined || typeof v === type
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v)

/** Every rule the tool input breaks; empty when the input can be shown as a dock. Never throws. */
export function validateQuestions(input: unknown): AskProblem[] {
  const problems: AskProblem[] = []
  const add = (field: string, rule: string) => problems.push({ field, rule })
  if (!Array.isArray(input)) {
    add("questions", "must be an array of questions")
    return problems
  }
  if (input.length < 1) add("questions", "must hold at least 1 question")
  if (input.length > ASK_LIMITS.questions) add("questions", `must hold at most ${ASK_LIMITS.questions} questions`)
  const ids = new Map<string, number>()
  input.slice(0, 50).forEach((q, i) => {
    const at = `questions[${i}]`
    if (!isObject(q)) return add(at, "must be an object")
    if (blank(q.id)) add(`${at}.id`, "must be a non-empty string")
    else if (ids.has(q.id as string))
      add(`${at}.id`, `duplicate id "${q.id}" (also questions[${ids.get(q.id as string)}])`)
    else ids.set(q.id as string, i)
    if (blank(q.label)) add(`${at}.label`, "must be a non-empty string")
    if (blank(q.prompt)) add(`${at}.prompt`, "must be a non-empty string")
    for (const flag of ["multiple", "uiSketch", "allowCustom"] as const)
      if (!optional(q[flag], "boolean")) add(`${at}.${flag}`, "must be a boolean")
    const choices = Array.isArray(q.choices) ? q.choices : undefined
    if (!choices) add(`${at}.choices`, "must be an array of choices")
    else {
      if (choices.length < 1) add(`${at}.choices`, "must hold at least 1 choice")
      if (choices.length > ASK_LIMITS.choices) add(`${at}.choices`, `must hold at most ${ASK_LIMITS.choices} choices`)
      checkChoices(choices, at, add)
    }
    checkCounts(q, choices?.length ?? 0, at, add)
    if (q.uiSketch === true && choices && !choices.some((c) => isObject(c) && typeof c.sketch === "string"))
      add(`${at}.uiSketch`, "needs at least one choice with a sketch")
  })
  return problems
}

function checkChoices(choices: unknown[], at: string, add: (field: string, rule: string) => void) {
  const values = new Map<string, number>()
  choices.slice(0, 50).forEach((c, j) => {
    const cat = `${at}.choices[${j}]`
    if (!isObject(c)) return add(cat, "must be an object")
    if (blank(c.value)) add(`${cat}.value`, "must be a non-empty string")
    else if (values.has(c.value as string))
      add(`${cat}.value`, `duplicate value "${c.value}" (also choices[${values.get(c.value as string)}])`)
    else values.set(c.value as string, j)
    if (blank(c.label)) add(`${cat}.label`, "must be a non-empty string")
    if (!optional(c.description, "string")) add(`${cat}.description`, "must be a string")
    if (!optional(c.recommended, "boolean")) add(`${cat}.recommended`, "must be a boolean")
    if (!optional(c.sketch, "string")) add(`${cat}.sketch`, "must be a string")
    else if (typeof c.sketch === "string") {
      const problem = sketchProblem(c.sketch)
      if (problem) add(`${cat}.sketch`, problem)
    }
  })
}

function checkCounts(q: Record<string, unknown>, choices: number, at: string, add: (f: string, r: string) => void) {
  const { minSelections: min, maxSelections: max } = q
  if (min !== undefined && !isCount(min)) add(`${at}.minSelections`, "must be an integer")
  if (max !== undefined && !isCount(max)) add(`${at}.maxSelections`, "must be an integer")
  if (isCount(min) && min < 0) add(`${at}.minSelections`, "must be at least 0")
  if (isCount(max) && max < 1) add(`${at}.maxSelections`, "must be at least 1")
  const custom = q.allowCustom !== false
  const limit = choices + (custom ? 1 : 0)
  if (isCount(max) && max > limit)
    add(
      `${at}.maxSelections`,
      custom
        ? `must be at most choices + 1 (${limit}; the free-text answer counts as one)`
        : `must be at most the number of choices (${limit}) when allowCustom is false`,
    )
  const effMax = isCount(max) ? max : limit
  if (isCount(min) && min > effMax) add(`${at}.minSelections`, `must not exceed maxSelections (${min} > ${effMax})`)
}

/** A question's staged answer as the dock holds it: chosen choice indexes and the typed free text. */
export interface StagedAnswer {
  selected: number[]
  custom: string
  /** Single choice only: the free text is the answer (rather than a chosen choice). */
  customChosen?: boolean
  notes?: Record<number, string>
}

/** How many answers a staged multi-select answer counts (the free text counts once, if not blank). */
export const stagedCount = (s: StagedAnswer) => s.selected.length + (s.custom.trim() ? 1 : 0)

/** Why a staged answer cannot be submitted, or undefined when it is complete. */
export function stagedProblem(q: AskQuestion, s: StagedAnswer): string | undefined {
  if (!q.multiple) {
    if (s.customChosen) return s.custom.trim() ? undefined : "Type an answer or choose one."
    return s.selected.length === 1 ? undefined : "Choose an answer."
  }
  if (s.custom !== "" && !s.custom.trim()) return "The typed answer is blank."
  const count = stagedCount(s)
  const min = minSelectionsOf(q)
  const max = maxSelectionsOf(q)
  if (count < min) return `Choose at least ${min} answer${min === 1 ? "" : "s"}.`
  if (count > max) return `Choose at most ${max} answer${max === 1 ? "" : "s"}.`
  return undefined
}

function selectionOf(q: AskQuestion, index: number, s: StagedAnswer): AskSelection {
  const choice = q.choices[index]!
  const note = s.notes?.[index]?.trim()
  return { value: choice.value, label: choice.label, wasCustom: false, index: index + 1, ...(note ? { note } : {}) }
}

const customSelection = (text: string): AskSelection => ({ value: text, label: text, wasCustom: true })

/** The answer for a complete staged answer (check `stagedProblem` first). */
export function answerOf(q: AskQuestion, s: StagedAnswer): AskAnswer {
  if (!q.multiple) {
    if (s.customChosen) return { id: q.id, ...customSelection(s.custom.trim()) }
    return { id: q.id, ...selectionOf(q, s.selected[0]!, s) }
  }
  const selections = [...s.selected].sort((a, b) => a - b).map((i) => selectionOf(q, i, s))
  if (s.custom.trim()) selections.push(customSelection(s.custom.trim()))
  return { id: q.id, multiple: true, selections }
}

/** Checks answers from a window against the questions with the same rules the dock applies. Never throws. */
export function validateAnswers(questions: AskQuestion[], input: unknown): AskProblem[] {
  if (!Array.isArray(input)) return [{ field: "answers", rule: "must be an array of answers" }]
  if (input.length !== questions.length)
    return [{ field: "answers", rule: `must hold one answer per question (${questions.length})` }]
  const problems: AskProblem[] = []
  questions.forEach((q, i) => {
    const at = `answers[${i}]`
    const a = input[i]
    if (!isObject(a) || a.id !== q.id) return problems.push({ field: `${at}.id`, rule: `must be "${q.id}"` })
    const sels = q.multiple ? (a.multiple === true && Array.isArray(a.selections) ? a.selections : undefined) : [a]
    if (!sels) return problems.push({ field: `${at}.selections`, rule: "must be an array (multiple: true)" })
    const staged: StagedAnswer = { selected: [], custom: "" }
    sels.forEach((sel, j) => {
      const field = q.multiple ? `${at}.selections[${j}]` : at
      if (!isObject(sel) || typeof sel.value !== "string") return problems.push({ field, rule: "must have a value" })
      if (sel.wasCustom === true) {
        if (!allowsCustom(q)) problems.push({ field, rule: "free-text answers are not allowed here" })
        if (staged.custom) problems.push({ field, rule: "only one free-text answer is allowed" })
        staged.custom = sel.value || " "
        staged.customChosen = true
        return
      }
      const index = q.choices.findIndex((c) => c.value === sel.value)
      if (index < 0) problems.push({ field: `${field}.value`, rule: `"${sel.value}" is not a choice` })
      else if (staged.selected.includes(index)) problems.push({ field, rule: "chosen twice" })
      else staged.selected.push(index)
    })
    const problem = stagedProblem(q, staged)
    if (problem) problems.push({ field: at, rule: problem })
  })
  return problems
}

const quote = (s: string) => JSON.stringify(s)

/** The short text the model reads: `Stack: Bun (choice 1), Something else: "deno" (custom)`. */
export function summarizeAnswers(questions: AskQuestion[], answers: AskAnswer[]): string {
  return answers
    .map((a, i) => {
      const label = questions[i]?.label ?? a.id
      const sels = "multiple" in a && a.multiple ? a.selections : [a as AskSingleAnswer]
      const parts = sels.map((s) => {
        const main = s.wasCustom ? `${CUSTOM_LABEL}: ${quote(s.value)} (custom)` : `${s.label} (choice ${s.index})`
        return s.note ? `${main} [note: ${quote(s.note)}]` : main
      })
      return `${label}: ${parts.length ? parts.join(", ") : "(none)"}`
    })
    .join("\n")
}
