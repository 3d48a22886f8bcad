// `$name` in a message the person sends: every token that names one of the session's loaded skills
// makes that skill required for the request, as Codex's `$skill` does. The host sends the skills'
// text as one custom message after the person's own (their text is kept as typed, `$name` and all);
// every view draws that message as a one-line marker instead. A `$word` that names no loaded skill
// is plain text.

/** The custom message type of the required skills. */
export const REQUIRED_SKILLS = "xagent-required-skills"

export interface RequiredSkill {
  name: string
  /** Why its text was not sent (its file could not be read). */
  refused?: string
}

export interface RequiredSkillsDetails {
  skills: RequiredSkill[]
}

export function requiredSkillsDetails(d: unknown): RequiredSkillsDetails | undefined {
  if (typeof d !== "object" || d === null || !Array.isArray((d as { skills?: unknown }).skills)) return undefined
  const skills = (d as { skills: unknown[] }).skills.filter(
    (s): s is RequiredSkill => typeof s === "object" && s !== null && typeof (s as RequiredSkill).name === "string",
  )
  return { skills }
}

/** `skills: pdf-tools, review · not loaded: notes (unreadable)` */
export function requiredSkillsMarker(details: RequiredSkillsDetails): string {
  const sent = details.skills.filter((s) => !s.refused)
  const refused = details.skills.filter((s) => s.refused)
  const parts: string[] = []
  if (sent.length) parts.push(`skill${sent.length === 1 ? "" : "s"}: ` + sent.map((s) => s.name).join(", "))
  if (refused.length) parts.push("not loaded: " + refused.map((s) => `${s.name} (${s.refused})`).join(", "))
  return parts.join(" · ")
}

/**
 * The `$name` tokens of a message, once each, in order: a `$` at the start or after white space
 * (so `a$b` and `$$` are no token), up to the next white space; trailing punctuation of a
 * sentence (`use $review.`) is not part of the name. Whether a token names a skill is the
 * caller's to check against the loaded ones.
 */
export function skillMentions(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:^|\s)\$([^\s$]+)/g)) {
    const name = m[1]!.replace(/[.,;:!?)\]}'"]+$/, "")
    if (name && !out.includes(name)) out.push(name)
  }
  return out
}

/** The loaded skills a message names with `$name`, in the order it names them. */
export function mentionedSkills<S extends { name: string }>(text: string, loaded: readonly S[]): S[] {
  if (!text.includes("$") || !loaded.length) return []
  const out: S[] = []
  for (const name of skillMentions(text)) {
    const skill = loaded.find((s) => s.name === name)
    if (skill) out.push(skill)
  }
  return out
}
