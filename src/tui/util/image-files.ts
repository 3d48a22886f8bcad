// Images for a prompt: a path the terminal pasted on drag-and-drop (quoted, with escaped spaces or
// as a file:// URL), read as base64 with its MIME type from the file's extension.
import { existsSync, readFileSync, statSync } from "node:fs"
import { basename, extname, isAbsolute, resolve } from "node:path"
import { expandHome } from "../../util/paths"

export interface PromptImage {
  type: "image"
  data: string
  mimeType: string
}

/** What Pi's providers take as image input. */
const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
}

/** Bigger images are refused: providers reject them, and they would bloat the session file. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024

/**
 * The image file a pasted text names, if it is exactly one path to an existing image: `'/a b.png'`,
 * `"/a b.png"`, `/a\ b.png`, `file:///a%20b.png`, `~/x.png` or a path relative to `cwd`.
 */
export function droppedImagePath(text: string, cwd: string): string | undefined {
  let t = text.trim()
  if (!t || t.includes("\n")) return undefined
  const quoted = /^(['"])(.*)\1$/.exec(t)
  if (quoted) t = quoted[2]!
  else if (t.startsWith("file://")) {
    try {
      t = decodeURIComponent(new URL(t).pathname)
    } catch {
      return undefined
    }
  } else t = t.replace(/\\(.)/g, "$1")
  t = expandHome(t)
  if (!IMAGE_TYPES[extname(t).toLowerCase()]) return undefined
  const path = isAbsolute(t) ? t : resolve(cwd, t)
  try {
    return existsSync(path) && statSync(path).isFile() ? path : undefined
  } catch {
    return undefined
  }
}

/** Reads an image file; a message a person can act on when it cannot be attached. */
export function readImageFile(path: string): { image: PromptImage; name: string } | { error: string } {
  const mimeType = IMAGE_TYPES[extname(path).toLowerCase()]
  if (!mimeType) return { error: `${basename(path)} is not a PNG, JPEG, GIF or WebP image` }
  try {
    const size = statSync(path).size
    if (size > MAX_IMAGE_BYTES) return { error: `${basename(path)} is over 20 MB` }
    return { image: { type: "image", data: readFileSync(path).toString("base64"), mimeType }, name: basename(path) }
  } catch (e) {
    return { error: `Could not read ${basename(path)}: ${e instanceof Error ? e.message : String(e)}` }
  }
}
