// What a sent composer text is, read against the palette's entries: a `!command`, one of the
// window's own commands, text for the session (a message, or a command of its extensions, prompt
// templates and skills, which the session runs), or a `/word` that names nothing. Only exact
// names and aliases count: a word that merely resembles a command is not one.
import { findEntry, isSharedName, type PaletteEntry } from "../palette/palette-entry"

export type Submission =
  | { kind: "bash"; command: string; quiet: boolean }
  | { kind: "builtin"; name: string; args: string }
  | { kind: "send"; text: string }
  | { kind: "unknown"; name: string; args: string }

/** The submission `full` is (pastes expanded); undefined when there is nothing to send. */
export function readSubmission(full: string, commands: readonly PaletteEntry[]): Submission | undefined {
  const text = full.replace(/^\s*\n/, "").trimEnd()
  if (!text.trim()) return undefined
  if (text.startsWith("!")) {
    const quiet = text.startsWith("!!")
    const command = text.slice(quiet ? 2 : 1).trim()
    return command ? { kind: "bash", command, quiet } : undefined
  }
  // `//text` is the way to send a message that starts with a slash.
  if (text.startsWith("//")) return { kind: "send", text: text.slice(1) }
  const slash = /^\/(\S+)\s*([\s\S]*)$/.exec(text)
  if (!slash) return { kind: "send", text }
  const [, word, args] = slash as unknown as [string, string, string]
  const entry = findEntry(commands, word)
  if (entry?.source === "builtin") return { kind: "builtin", name: entry.name, args }
  if (entry) return { kind: "send", text: `/${entry.name}${args ? " " + args : ""}` }
  if (isSharedName(commands, word)) return { kind: "send", text: `/${word}${args ? " " + args : ""}` }
  // A path (`/usr/bin/x`) is text; any other word is no command.
  return word.includes("/") ? { kind: "send", text } : { kind: "unknown", name: word, args }
}
