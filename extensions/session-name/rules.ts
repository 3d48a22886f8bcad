// Provisional session names: when a conversation's first turn is substantive, a short model
// request proposes a title, which becomes the session's name unless the person named it (/name
// always wins, before or after). Pure rules here; the request and the hooks are index.ts's.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { terminalLine } from "../../src/common/terminal-text"

/** `XAGENT_SESSION_NAMES=off` (or `auto`) for one run; it wins over settings.json's `sessionNames`. */
export const SESSION_NAMES_ENV = "XAGENT_SESSION_NAMES"
export type NamingSetting = "auto" | "off"

/** The setting in force: the variable, else `sessionNames` in $XAGENT_HOME/settings.json, else auto. */
export function readNamingSetting(
  env: NodeJS.ProcessEnv,
  xagentHome: string,
): { setting: NamingSetting } | { error: string } {
  const check = (value: unknown, where: string) =>
    value === "auto" || value === "off"
      ? { setting: value as NamingSetting }
      : { error: `${where} is ${JSON.stringify(value)}: use "auto" or "off"` }
  const fromEnv = env[SESSION_NAMES_ENV]
  if (fromEnv !== undefined && fromEnv.trim() !== "") return check(fromEnv.trim(), SESSION_NAMES_ENV)
  const file = join(xagentHome, "settings.json")
  if (!existsSync(file)) return { setting: "auto" }
  try {
    const value = (JSON.parse(readFileSync(file, "utf8")) as { sessionNames?: unknown } | null)?.sessionNames
    return value === undefined ? { setting: "auto" } : check(value, `${file}: "sessionNames"`)
  } catch {
    // The window reads this file first and says what is wrong with it.
    return { setting: "auto" }
  }
}

/** A first message worth naming a conversation after: a few words of a request, not a command. */
export function substantive(text: string): boolean {
  const t = text.trim()
  if (!t || t.startsWith("/") || t.startsWith("!")) return false
  return t.length >= 12 && t.split(/\s+/).length >= 3
}

export const NAMING_PROMPT =
  "You name coding conversations. Reply with only a title of 2 to 6 words for the conversation " +
  "below, in the language of the person's request: no quotes, no punctuation at the end, no " +
  "explanation."

const EXCERPT = 2000
/** The one message the naming request sends: the person's request and the start of the reply. */
export function namingRequest(request: string, reply: string): string {
  return `<request>\n${request.slice(0, EXCERPT)}\n</request>\n\n<reply>\n${reply.slice(0, EXCERPT)}\n</reply>`
}

const MAX_TITLE = 50

/**
 * The model's answer as a name: its first line, without quotes, markdown marks, a "Title:" label,
 * control characters or trailing punctuation, cut at a word within 50 characters. Undefined: no
 * usable name (the session stays unnamed).
 */
export function cleanTitle(answer: string): string | undefined {
  const first =
    answer
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ?? ""
  let t = terminalLine(first)
    .replace(/^(title|name)\s*:\s*/i, "")
    .replace(/[*_`#>]+/g, "")
    .replace(/^["'“”‘’«»\s]+|["'“”‘’«»\s]+$/g, "")
    .replace(/\s+/g, " ")
    .replace(/[.,;:!?\s]+$/, "")
    .trim()
  if (t.length > MAX_TITLE) {
    const cut = t.slice(0, MAX_TITLE + 1)
    const space = cut.lastIndexOf(" ")
    t = (space > 10 ? cut.slice(0, space) : t.slice(0, MAX_TITLE)).replace(/[.,;:!?\s]+$/, "")
  }
  return t.length >= 2 ? t : undefined
}
