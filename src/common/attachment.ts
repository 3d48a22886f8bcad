// `@path` in a message the person sends: the files it names go to the model with the message, as
// Claude Code attaches them. The host sends them as one custom message after the person's own
// (their text is kept as typed); every view draws that message as a one-line marker instead.

/** The custom message type of the attached files. */
export const ATTACHED_FILES = "xagent-attached-files"

export interface AttachedFile {
  /** As the person wrote it (relative to the session's folder, usually). */
  path: string
  /** Lines sent. */
  lines?: number
  /** Only the file's start was sent; `totalLines` when its length is known. */
  cut?: boolean
  totalLines?: number
  /** Why it was not attached (outside the workspace, binary, kept from the agent, a folder). */
  refused?: string
}

export interface AttachedFilesDetails {
  files: AttachedFile[]
}

export function attachedFilesDetails(d: unknown): AttachedFilesDetails | undefined {
  if (typeof d !== "object" || d === null || !Array.isArray((d as { files?: unknown }).files)) return undefined
  const files = (d as { files: unknown[] }).files.filter(
    (f): f is AttachedFile => typeof f === "object" && f !== null && typeof (f as AttachedFile).path === "string",
  )
  return { files }
}

const count = (n: number) => `${n} line${n === 1 ? "" : "s"}`

/** `attached: a.ts (12 lines), big.log (first 2000 of 9000 lines) · not attached: ../x (outside the workspace)` */
export function attachedFilesMarker(details: AttachedFilesDetails): string {
  const sent = details.files.filter((f) => !f.refused)
  const refused = details.files.filter((f) => f.refused)
  const parts: string[] = []
  if (sent.length)
    parts.push(
      "attached: " +
        sent
          .map((f) => {
            const lines = f.lines ?? 0
            if (!f.cut) return `${f.path} (${count(lines)})`
            return f.totalLines !== undefined
              ? `${f.path} (first ${lines} of ${count(f.totalLines)})`
              : `${f.path} (first ${count(lines)})`
          })
          .join(", "),
    )
  if (refused.length) parts.push("not attached: " + refused.map((f) => `${f.path} (${f.refused})`).join(", "))
  return parts.join(" · ")
}

/**
 * The `@path` tokens of a message, once each, in order: an `@` at the start or after white space
 * (so `a@b.c` is no token), up to the next white space; `@"a b"` for a name with spaces. Trailing
 * punctuation of a sentence (`see @a.ts.`) is not part of the name.
 */
export function fileMentions(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:^|\s)@(?:"([^"\n]+)"|(\S+))/g)) {
    const path = m[1] ?? m[2]!.replace(/[.,;:!?)\]}'"]+$/, "")
    if (path && !out.includes(path)) out.push(path)
  }
  return out
}
