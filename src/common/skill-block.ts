// A `/skill:name` message as Pi sends it: the skill's file in a `<skill>` block, then what the
// person typed after the command. Pi's window shows the block as a compact `[skill] name` row
// (the file behind the expand key) and the typed text as the person's message; so does xagent's.

export interface SkillBlock {
  name: string
  location: string
  content: string
  /** What the person typed after `/skill:name`, if anything. */
  userMessage?: string
}

/** The skill block a user message is made of (Pi's exact layout), or undefined for any other text. */
export function parseSkillBlock(text: string): SkillBlock | undefined {
  const m = /^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/.exec(text)
  if (!m) return undefined
  const typed = m[4]?.trim()
  return { name: m[1]!, location: m[2]!, content: m[3]!, ...(typed ? { userMessage: typed } : {}) }
}
