// `$name` in a message from a window makes the loaded skill of that name required for the request
// (common/required-skills.ts). Its text is what Pi's own `/skill:name` sends (the same `<skill>`
// block, read from its file when the message is sent, so an edited skill counts without /reload),
// but as one custom message after the person's, whose text stays as typed.
import { readFile } from "node:fs/promises"
import { stripFrontmatter, type Skill } from "@earendil-works/pi-coding-agent"
import {
  mentionedSkills,
  REQUIRED_SKILLS,
  type RequiredSkill,
  type RequiredSkillsDetails,
} from "../../common/required-skills"

export interface RequiredSkillsMessage {
  customType: typeof REQUIRED_SKILLS
  content: string
  display: true
  details: RequiredSkillsDetails
}

/** The skills `text` names with `$name` among `loaded`, read for the model; undefined when it names none. */
export async function readRequiredSkills(
  text: string,
  loaded: readonly Skill[],
): Promise<RequiredSkillsMessage | undefined> {
  const named = mentionedSkills(text, loaded)
  if (!named.length) return undefined
  const skills: RequiredSkill[] = []
  let blocks = ""
  for (const skill of named) {
    const body = await readFile(skill.filePath, "utf8").then(
      (content) => stripFrontmatter(content).trim(),
      () => {
        skills.push({ name: skill.name, refused: "its file is unreadable" })
        return undefined
      },
    )
    if (body === undefined) continue
    blocks += `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body}\n</skill>\n`
    skills.push({ name: skill.name })
  }
  const refused = skills.filter((s) => s.refused)
  const notes = refused.map((s) => `[Not loaded: $${s.name} (${s.refused}).]\n`).join("")
  const intro = blocks
    ? "The person requires these skills for the message above (named there with $name): follow their instructions.\n"
    : ""
  return { customType: REQUIRED_SKILLS, content: intro + blocks + notes, display: true, details: { skills } }
}

/** Said when a message queued during a reply names skills: it goes without them. */
export function queuedSkillsNotice(message: RequiredSkillsMessage): string {
  const names = message.details.skills.map((s) => `$${s.name}`).join(", ")
  return `Skills not sent: ${names}. Skills go with a message that starts a reply; this one was queued during one, so the model gets the names only (send it again when the reply ends to require them)`
}
