// The prompts a run starts with, in Pi's order: piped stdin, then the `@file` arguments, then the
// first message make the first prompt; every other message is a prompt of its own after it.
// Files are read as Pi's CLI reads them (its file-processor): text inside <file name="…"> tags,
// images attached with an empty tag naming them; an empty file is left out.
import { readFileSync, statSync } from "node:fs"
import { UsageError } from "./usage-error"

export interface PromptImage {
  type: "image"
  data: string
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp"
}

export interface Prompts {
  first?: { text: string; images?: PromptImage[] }
  /** Sent one after another once the first is answered. */
  rest: string[]
}

export function initialPrompts(messages: string[], files: string[], stdin: string | undefined): Prompts {
  const { text: fileText, images } = readFileArgs(files)
  const [message, ...rest] = messages
  // Pi joins the parts as they are; xagent keeps piped text apart from the prompt by a blank line
  // (Pi's `PIPEDsummarize` when the input has no final newline is a surprise; README).
  const piped = stdin?.trim() || undefined
  const tail = fileText + (message ?? "")
  const text = piped && tail ? `${piped}\n\n${tail}` : (piped ?? tail)
  if (!text && !images.length) return { rest }
  return { first: images.length ? { text, images } : { text }, rest }
}

function readFileArgs(paths: string[]): { text: string; images: PromptImage[] } {
  let text = ""
  const images: PromptImage[] = []
  for (const path of paths) {
    let size: number
    try {
      const st = statSync(path)
      if (!st.isFile()) throw new UsageError(`@${path} is not a file`)
      size = st.size
    } catch (e) {
      if (e instanceof UsageError) throw e
      throw new UsageError(`@file: no file at ${path}: check the path`)
    }
    if (size === 0) continue
    const bytes = readFileSync(path)
    const mimeType = imageType(bytes)
    if (mimeType) {
      images.push({ type: "image", data: bytes.toString("base64"), mimeType })
      text += `<file name="${path}"></file>\n`
    } else {
      text += `<file name="${path}">\n${bytes.toString("utf8").replace(/^\uFEFF/, "")}\n</file>\n`
    }
  }
  return { text, images }
}

/** Pi tells images by their first bytes, not their names. */
function imageType(b: Buffer): PromptImage["mimeType"] | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png"
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg"
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1"))) return "image/gif"
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString("latin1") === "RIFF" &&
    b.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp"
  return undefined
}
