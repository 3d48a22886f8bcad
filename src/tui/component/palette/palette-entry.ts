// What the `/` palette offers: the window's own commands plus the session's extension commands,
// prompt templates and skills.
import { fuzzyFilter } from "../../util/fuzzy"

export interface PaletteEntry {
  name: string
  description?: string
  aliases?: string[]
  source: "builtin" | "extension" | "prompt" | "skill"
  /** An extension command's package or extension name. */
  owner?: string
  /** The bare name two owners share, of an entry named `<owner>:<bare>`: typed, the session asks which. */
  shared?: string
  /** Why it cannot run on this session (an ACP agent's that does not serve it): greyed, never sent. */
  unavailable?: string
}

/**
 * Entries matching `query` fuzzily by name or alias, then those whose description contains it
 * (a scattered match in prose would match nearly anything); all of them when it is empty.
 */
export function filterEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const named = fuzzyFilter(entries, query, (e) => [e.name, ...(e.aliases ?? [])])
  // A description counts where one of its words starts with the query: "he" inside "the" is noise.
  const q = query.toLowerCase()
  const wordStart = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((w) => w.startsWith(q))
  const described = entries.filter((e) => !named.includes(e) && e.description !== undefined && wordStart(e.description))
  return [...named, ...described]
}

/** Whether `name` is a bare name two owners share (the session asks which one it means). */
export function isSharedName(entries: readonly PaletteEntry[], name: string): boolean {
  return entries.some((e) => e.shared === name)
}

/** The entry named `name` (or aliased so). */
export function findEntry(entries: readonly PaletteEntry[], name: string): PaletteEntry | undefined {
  return entries.find((e) => e.name === name) ?? entries.find((e) => e.aliases?.includes(name))
}
