// The rules of a typed form field (a string's length, pattern and format; a number's kind and
// bounds), said in words beside the question and checked on the answer: the question dock takes
// any text, so a number or an email address is checked here, and a refusal says what is wanted.
import type * as acp from "@agentclientprotocol/sdk"

export interface FieldCheck {
  /** The rule in words, shown after the question's prompt; empty when there is none. */
  hint: string
  /** The typed text as the field's value, or what is wrong with it. */
  parse(text: string): acp.ElicitationContentValue | { problem: string }
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

const FORMATS: Record<string, { hint: string; ok: (s: string) => boolean }> = {
  email: { hint: "an email address", ok: (s) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s) },
  uri: { hint: "a URI", ok: (s) => URL.canParse(s) },
  date: { hint: "a date, YYYY-MM-DD", ok: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) },
  "date-time": {
    hint: "a date and time, YYYY-MM-DDTHH:MM:SSZ",
    ok: (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
  },
}

/** The field's check, or why xagent cannot ask for it. */
export function fieldChecks(p: Record<string, unknown>): FieldCheck | string {
  if (p.type === "number" || p.type === "integer")
    return numberCheck(p.type === "integer", num(p.minimum), num(p.maximum))
  if (p.type !== "string") return `a field of type ${JSON.stringify(p.type)}`
  const min = num(p.minLength)
  const max = num(p.maxLength)
  const format = typeof p.format === "string" ? FORMATS[p.format] : undefined
  let pattern: RegExp | undefined
  try {
    pattern = typeof p.pattern === "string" ? new RegExp(p.pattern, "u") : undefined
  } catch {
    // a pattern JavaScript cannot read is left to the agent to check
  }
  const hints = [
    format?.hint,
    min !== undefined && max !== undefined ? `${min} to ${max} characters` : undefined,
    min !== undefined && max === undefined ? `at least ${min} characters` : undefined,
    max !== undefined && min === undefined ? `at most ${max} characters` : undefined,
  ].filter(Boolean)
  return {
    hint: hints.join(", "),
    parse(text) {
      const length = [...text].length
      if (min !== undefined && length < min) return { problem: `at least ${min} characters, please` }
      if (max !== undefined && length > max) return { problem: `at most ${max} characters, please` }
      if (format && !format.ok(text)) return { problem: `${format.hint}, please` }
      if (pattern && !pattern.test(text)) return { problem: `it must match ${pattern.source}` }
      return text
    },
  }
}

function numberCheck(integer: boolean, min: number | undefined, max: number | undefined): FieldCheck {
  const what = integer ? "a whole number" : "a number"
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of at least ${min}`
        : max !== undefined
          ? ` of at most ${max}`
          : ""
  return {
    hint: `${what}${range}`,
    parse(text) {
      const n = text.trim() === "" ? NaN : Number(text.trim())
      if (
        !Number.isFinite(n) ||
        (integer && !Number.isInteger(n)) ||
        (min !== undefined && n < min) ||
        (max !== undefined && n > max)
      )
        return { problem: `${what}${range}, please` }
      return n
    },
  }
}
