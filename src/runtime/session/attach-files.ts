// `@path` in a message from a window attaches the file (common/attachment.ts). The host reads
// them, not the window: it knows the session's folder and the sandbox's read boundary, and a file
// the agent's read tool would refuse is not attached either. What is read goes to the model as one
// custom message after the person's, through a before_agent_start hook (Pi builds the run's first
// messages there); a message queued during a reply goes without them (prompt-methods.ts says why).
import { open, realpath, stat } from "node:fs/promises"
import { isAbsolute, relative } from "node:path"
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateHead } from "@earendil-works/pi-coding-agent"
import { ATTACHED_FILES, fileMentions, type AttachedFile, type AttachedFilesDetails } from "../../common/attachment"
import { inside } from "../sandbox/policy"
import { readRefusal, toolPath } from "../sandbox/read-guard"

export interface AttachedFilesMessage {
  customType: typeof ATTACHED_FILES
  content: string
  display: true
  details: AttachedFilesDetails
}

/** Enough of a file to tell text from binary, as git does: a NUL byte in its first 8000. */
const SNIFF_BYTES = 8000
/** Past Pi's read cap nothing is sent; a file bigger than this is not read to its end to count lines. */
const READ_BYTES = 4 * 1024 * 1024

/**
 * The files `text` names with `@path` (existing ones only: `@someone` is left alone), read for
 * the model; undefined when it names none. `workspace`: the folders a file must be in; `denied`:
 * the sandbox's read deny list (undefined: none).
 */
export async function readMentionedFiles(
  text: string,
  cwd: string,
  workspace: readonly string[],
  denied: readonly string[] | undefined,
): Promise<AttachedFilesMessage | undefined> {
  const files: AttachedFile[] = []
  let content = ""
  for (const path of fileMentions(text)) {
    const full = toolPath(path, cwd)
    const st = await stat(full).catch(() => undefined)
    if (!st) continue
    const refuse = (why: string) => files.push({ path, refused: why })
    if (st.isDirectory()) {
      refuse("a folder")
      continue
    }
    if (!st.isFile()) continue
    if (denied && (await readRefusal(denied, full))) {
      refuse("kept from the agent by the sandbox")
      continue
    }
    const real = await realpath(full).catch(() => full)
    if (!workspace.some((w) => inside(real, w))) {
      refuse("outside the workspace")
      continue
    }
    const read = await readText(full, st.size).catch(() => undefined)
    if (read === undefined) {
      refuse(st.size > 0 ? "binary or unreadable" : "unreadable")
      continue
    }
    const cut = truncateHead(read.text, { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES })
    const total = read.whole ? cut.totalLines : undefined
    const truncated = cut.truncated || !read.whole
    const shown = relative(cwd, full)
    const name = shown && !shown.startsWith("..") && !isAbsolute(shown) ? shown : full
    const of = total === undefined ? "" : ` of ${total}`
    const note = truncated
      ? `\n[Cut: the first ${cut.outputLines}${of} lines were attached; read the file for the rest.]`
      : ""
    content += `<file path="${name}">\n${cut.content}${note}\n</file>\n`
    const lines = truncated ? cut.outputLines : lineCount(read.text)
    files.push(
      truncated ? { path, lines, cut: true, ...(total === undefined ? {} : { totalLines: total }) } : { path, lines },
    )
  }
  if (!files.length) return undefined
  const refused = files.filter((f) => f.refused)
  if (refused.length) content += refused.map((f) => `[Not attached: ${f.path} (${f.refused}).]\n`).join("")
  const intro = "Files the person attached to the message above with @path:\n"
  return { customType: ATTACHED_FILES, content: intro + content, display: true, details: { files } }
}

/**
 * The file's start as text (at most READ_BYTES of it: more is never sent), or undefined for a
 * binary file. `whole`: all of it was read, so its line count is known.
 */
async function readText(path: string, size: number): Promise<{ text: string; whole: boolean } | undefined> {
  const fh = await open(path, "r")
  try {
    const buf = Buffer.alloc(Math.min(size, READ_BYTES))
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
    const bytes = buf.subarray(0, bytesRead)
    if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return undefined
    return { text: bytes.toString("utf8").replace(/^\uFEFF/, ""), whole: bytesRead >= size }
  } finally {
    await fh.close()
  }
}

/** Said when a message queued during a reply names files: it goes without them. */
export function queuedAttachmentNotice(message: AttachedFilesMessage): string {
  const paths = message.details.files.map((f) => `@${f.path}`).join(", ")
  return `Not attached: ${paths}. Files go with a message that starts a reply; this one was queued during one, so the model gets the paths only (send it again when the reply ends to attach them)`
}

/** Lines as an editor counts them: a final newline ends the last line, it starts no other. */
function lineCount(text: string): number {
  if (!text) return 0
  const breaks = text.split("\n").length - 1
  return text.endsWith("\n") ? breaks : breaks + 1
}
